package io.tablecast.devmode;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.devmode.fixtures.AckedHr;
import io.tablecast.devmode.fixtures.AckedHrCheck;
import io.tablecast.devmode.fixtures.DevModeProcess;
import io.tablecast.devmode.fixtures.FileTrees;
import io.tablecast.devmode.fixtures.HrClients;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.operations.Verification;
import io.tablecast.operations.application.audit.Difference;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyReport;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.LongRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code kill -9} of the whole of dev mode, as a power cut, the OOM killer or a closed laptop
 * would do it, at moments chosen by seeds, some right after a burst of department creations:
 * Azurite loses the last seconds of its tables and of its queues, each on its own, while Kafka
 * keeps every acknowledged event. Clients keep sending throughout, each command with an
 * Idempotency-Key, again until it gets a definite answer. After each restart, and at the end,
 * everything acknowledged is in every view and index, nothing is parked, {@code /status} shows
 * no lag and no stall, and {@code verify} finds no difference. One run, of fewer kills, does it with
 * Kafka reached as production reaches it: dev mode with {@code --kafka-sasl-ssl}, its services,
 * and {@code verify}, logging in over TLS.
 */
@ExtendWith(ChildJvms.class)
@LongRun
class CrashIT {

  private static final Logger log = LoggerFactory.getLogger(CrashIT.class);
  private static final int SEEDS = Integer.getInteger("crash.seeds", 10);
  /** The kills of the run over SASL_SSL: what it adds is the login at each restart, not more moments. */
  private static final int SASL_SSL_SEEDS = Math.min(SEEDS, 3);
  private static final int CLIENTS = 6;
  private static final Duration CONVERGE = Duration.ofMinutes(2);
  /** A message's visibility timeout in dev mode, and a minute for its work once it reappears. */
  private static final Duration DRAINED = WorkerSettings.DEFAULT.visibilityTimeout().plusMinutes(1);

  @Test
  void aKillNineOfDevModeAtAnyMomentLosesNothingThatWasAcknowledged(ChildJvms.Launcher jvms, @TempDir Path dir) throws Exception {
    killsAtSeededMomentsLoseNothingAcknowledged(jvms, dir, SEEDS);
  }

  @Test
  void aKillNineOfDevModeWithKafkaOverSaslSslLosesNothingThatWasAcknowledged(ChildJvms.Launcher jvms, @TempDir Path dir)
      throws Exception {
    DevModeProcess last = killsAtSeededMomentsLoseNothingAcknowledged(jvms, dir, SASL_SSL_SEEDS, "--kafka-sasl-ssl");
    assertThat(KafkaSettings.fromEnv(Env.of(last.env()))).asString().as("the Kafka verify reached").endsWith("(SASL_SSL PLAIN)");
  }

  /** Dev mode started with {@code options}, killed at {@code seeds} moments while clients send; returns its last run. */
  private static DevModeProcess killsAtSeededMomentsLoseNothingAcknowledged(ChildJvms.Launcher jvms, Path dir, int seeds,
      String... options) throws Exception {
    int offset = DevModeProcess.freePortOffset();
    Path data = dir.resolve(".tablecast");
    AckedHr acked = new AckedHr();
    AtomicReference<DevModeProcess> run = new AtomicReference<>(
        DevModeProcess.start(jvms, dir.resolve("run-0.out"), data, offset, Map.of(), options));
    try (HrClients clients = new HrClients(() -> run.get().commands(), acked)) {
      clients.departmentBurst(3);
      clients.start(CLIENTS, 42);
      for (int seed = 1; seed <= seeds; seed++) {
        Random random = new Random(seed);
        Thread.sleep(1_000 + random.nextInt(4_000));
        if (seed % 2 == 0) {
          clients.departmentBurst(3); // and the kill right after their acknowledgements
        }
        run.get().killAll();
        log.info("Kill {} of {} after {} commands sent", seed, seeds, clients.sent());
        run.set(DevModeProcess.start(jvms, dir.resolve("run-" + seed + ".out"), data, offset, Map.of(), options));
        clients.pause();
        awaitViewsShowEverythingAcknowledged(acked, run.get(), "after kill " + seed);
        clients.resume();
      }
    }
    awaitViewsShowEverythingAcknowledged(acked, run.get(), "at the end");
    assertThat(acked.rejections()).as("valid commands refused").isEmpty();
    assertQuiescentWithNothingParked(new HttpTestClient(run.get().views()));
    assertThat(verify(run.get())).as("verify's differences").isEmpty();
    return run.get();
  }

  @Test
  void aStoreRestoredFromAnOlderCopyCatchesUpWithTheLog(ChildJvms.Launcher jvms, @TempDir Path dir) throws Exception {
    int offset = DevModeProcess.freePortOffset();
    Path data = dir.resolve(".tablecast");
    Path azurite = data.resolve("runtime").resolve("azurite");
    Path backup = dir.resolve("azurite-backup");
    AckedHr acked = new AckedHr();
    AtomicReference<DevModeProcess> run = new AtomicReference<>(DevModeProcess.start(jvms, dir.resolve("first.out"), data, offset));
    try (HrClients clients = new HrClients(() -> run.get().commands(), acked)) {
      clients.departmentBurst(3);
      clients.start(CLIENTS, 7);
      Thread.sleep(3_000);
      clients.pause();
      awaitViewsShowEverythingAcknowledged(acked, run.get(), "before the backup");
      run.get().stop();
      FileTrees.copy(azurite, backup); // the backup: tables, checkpoints and queues as they were

      run.set(DevModeProcess.start(jvms, dir.resolve("second.out"), data, offset));
      clients.resume();
      Thread.sleep(3_000);
      clients.pause();
      awaitViewsShowEverythingAcknowledged(acked, run.get(), "after the backup");
      run.get().stop();
    }
    FileTrees.replace(azurite, backup); // older tables and checkpoints; Kafka keeps the newer log and offsets

    run.set(DevModeProcess.start(jvms, dir.resolve("restored.out"), data, offset));
    awaitViewsShowEverythingAcknowledged(acked, run.get(), "after the restore");
    assertQuiescentWithNothingParked(new HttpTestClient(run.get().views()));
    assertThat(verify(run.get())).as("verify's differences").isEmpty();
    run.get().stop();
  }

  private static void awaitViewsShowEverythingAcknowledged(AckedHr acked, DevModeProcess run, String when) {
    AckedHrCheck check = new AckedHrCheck(acked, new HttpTestClient(run.views()));
    List<String> last = new ArrayList<>();
    long started = System.nanoTime();
    try {
      await(when).atMost(CONVERGE).pollInterval(Duration.ofSeconds(1)).until(() -> {
        last.clear();
        last.addAll(check.differences());
        return last.isEmpty();
      });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError(when + ", the views still differ from what was acknowledged: " + AckedHrCheck.summary(last)
          + "; the queues (depth, poison): " + queues(run), e);
    }
    log.info("{}: {} departments and {} employees as acknowledged, seen in {} ms", when, acked.departments().size(),
        acked.employees().size(), (System.nanoTime() - started) / 1_000_000);
  }

  /** What {@code /status} says of the queues, for a failure's message: where work the views lack may wait. */
  private static String queues(DevModeProcess run) {
    try {
      return new HttpTestClient(run.views()).get("/status").json().at("/queues").toString();
    } catch (RuntimeException e) {
      return "unknown (" + e + ")";
    }
  }

  /**
   * No lag, every work queue drained, nothing parked. A message a killed run had received stays
   * hidden until its visibility timeout ends; only then does its work (a hire's first attempt, say,
   * cut short after its index entries) run again, and until then {@code verify} would find what it
   * is about to mend.
   */
  private static void assertQuiescentWithNothingParked(HttpTestClient views) {
    await("quiescence").atMost(DRAINED).untilAsserted(() -> {
      JsonNode status = views.get("/status").json();
      assertThat(status.at("/projector/stalled").asBoolean()).isFalse();
      status.at("/projector/partitions").forEach(p -> assertThat(p.get("lag").asLong()).as(p.toString()).isZero());
      status.at("/queues").forEach(q -> {
        assertThat(q.get("depth").asLong()).as(q.toString()).isZero();
        assertThat(q.get("poisonDepth").asLong()).as(q.toString()).isZero();
      });
      assertThat(status.get("dlqCount").asLong()).isZero();
    });
  }

  private static List<String> verify(DevModeProcess run) {
    Env env = Env.of(run.env());
    AzureClients azure = new AzureClients(StorageSettings.fromEnv(env));
    Generation generation = Verification.activeGeneration(azure, env.namespace(), HR);
    List<String> differences = new ArrayList<>();
    KafkaSettings kafka = KafkaSettings.fromEnv(env);
    VerifyReport report = Verification.verifier(kafka, azure, generation, HrProjections.AUDIT, Verifier.Settings.defaults(),
        (step, count) -> { })
        .verify(difference -> differences.add(line(difference)));
    log.info("verify read {} events from {}: {} difference(s)", report.eventsRead(), kafka, report.totalDifferences());
    assertThat(report.eventsRead()).isPositive();
    return differences;
  }

  private static String line(Difference d) {
    return d.table() + " " + d.partitionKey() + " " + d.rowKey() + " " + d.kind() + " " + d.details();
  }
}
