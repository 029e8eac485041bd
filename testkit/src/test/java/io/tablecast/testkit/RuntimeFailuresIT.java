package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tablecast.embedded.DependencyFailure;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.KafkaProbe;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.embedded.RuntimeWatchdog;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runtimes of their own (not the shared one), in which a dependency fails or a dependent hangs:
 * the watchdog reports the failure once, and the stop still ends in bounded time.
 */
@LongRun
class RuntimeFailuresIT {

  @TempDir Path dir;

  @Test
  void aKafkaBrokerThatStopsAnsweringIsReportedOnceNamingItsAddress() throws Exception {
    List<DependencyFailure> failures = new CopyOnWriteArrayList<>();
    try (EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir))) {
      KafkaProbe.ask(runtime.kafka().port(), Duration.ofSeconds(3));
      runtime.watch(failures::add);

      runtime.kafka().close(); // the broker stops; its port closes

      await().atMost(Duration.ofSeconds(30)).until(() -> !failures.isEmpty());
      Thread.sleep(RuntimeWatchdog.PROBE_INTERVAL.multipliedBy(2).toMillis());
      assertThat(failures).singleElement().satisfies(failure -> {
        assertThat(failure.dependency()).isEqualTo(DependencyFailure.Dependency.KAFKA);
        assertThat(failure.message()).contains(runtime.bootstrapServers()).doesNotContain("\n");
      });
    }
  }

  @Test
  void azuriteThatExitsIsReportedAtOnceWithItsPidExitCodeAndLog() {
    List<DependencyFailure> failures = new CopyOnWriteArrayList<>();
    EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir));
    try {
      runtime.watch(failures::add);
      long pid = runtime.azurite().pid();

      ProcessHandle.of(pid).orElseThrow().destroyForcibly();

      await().atMost(Duration.ofSeconds(5)).until(() -> !failures.isEmpty());
      assertThat(failures).singleElement().satisfies(failure -> {
        assertThat(failure.dependency()).isEqualTo(DependencyFailure.Dependency.AZURITE);
        assertThat(failure.message()).contains("pid " + pid).contains("code 137")
            .contains(runtime.azurite().logFile().toString()).doesNotContain("\n");
      });
    } finally {
      runtime.close();
    }
    assertThat(runtime.stoppedCleanly()).as("Azurite died before the stop, so it saved nothing").isFalse();
  }

  @Test
  void aDependentThatHangsOnCloseIsAbandonedAtTheDeadlineAndTheRestStillStops() {
    EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir));
    long azurite = runtime.azurite().pid();
    int kafkaPort = runtime.kafka().port();
    AtomicBoolean closedAfterIt = new AtomicBoolean();
    runtime.closeFirst("quick service", () -> closedAfterIt.set(true));
    CountDownLatch never = new CountDownLatch(1);
    runtime.closeFirst("stuck service", never::await);
    long started = System.nanoTime();

    runtime.close();

    Duration took = Duration.ofNanos(System.nanoTime() - started);
    assertThat(took).isBetween(EmbeddedRuntime.DEPENDENTS_STOP, EmbeddedRuntime.DEPENDENTS_STOP.plusSeconds(15));
    assertThat(runtime.stoppedCleanly()).isFalse();
    assertThat(closedAfterIt).isTrue();
    assertThat(ProcessHandle.of(azurite).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), kafkaPort).close()).isInstanceOf(IOException.class);
  }

  @Test
  void aListenerThatNeverAnswersIsNoKafkaBroker() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      long started = System.nanoTime();

      assertThatThrownBy(() -> KafkaProbe.ask(silent.getLocalPort(), Duration.ofMillis(500))).isInstanceOf(IOException.class);

      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }
  }
}
