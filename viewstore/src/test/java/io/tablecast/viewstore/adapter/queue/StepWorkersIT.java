package io.tablecast.viewstore.adapter.queue;

import static io.tablecast.testkit.Tally.ACCOUNTS;
import static io.tablecast.testkit.Tally.ACCOUNT_QUEUE;
import static io.tablecast.testkit.Tally.TALLIES;
import static io.tablecast.testkit.Tally.VIEW_SET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.queue.QueueClient;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.Work;
import io.tablecast.projection.WorkStep;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.Tally;
import io.tablecast.testkit.Tally.Account;
import io.tablecast.testkit.Tally.Tick;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.queue.StepMessages.Origin;
import io.tablecast.viewstore.adapter.out.tables.GenerationRows;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import io.tablecast.viewstore.adapter.out.tables.TableTurns;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A view set's cross-partition steps worked from their queue against Azurite: reconciled, redelivered after a death, split and parked. */
@ExtendWith(TablecastRuntimeExtension.class)
class StepWorkersIT {

  /** Visibility of 2 s, backoff of 1 s, parked after the third attempt. */
  private static final WorkerSettings QUICK = new WorkerSettings(1, 4, Duration.ofSeconds(2), Duration.ofSeconds(6), Duration.ofSeconds(1),
      Duration.ofSeconds(1), 3);

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ViewSetMetrics metrics = new ViewSetMetrics(registry, "tally");
  private AzureClients azure;
  private Generation generation;
  private QueueClient queue;

  @BeforeEach
  void createStorage(EmbeddedRuntime runtime, Namespace namespace) {
    azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    generation = new Generation(VIEW_SET, namespace, 1);
    new GenerationStorage(azure).create(generation);
    queue = azure.queue(generation.queue(ACCOUNT_QUEUE));
  }

  @Test
  void theItemsOfAMessageBecomeTheRowsTheirStepReconciles_andAMessageWhoseWorkerDiedReappearsAndIsDone() {
    List<Tick> log = Tally.log(31, 120);
    new TableTurns(azure, generation).apply(TALLIES, log.stream().filter(t -> t.account().equals("a1")).toList());
    log.stream().filter(t -> !t.account().equals("a1")).forEach(t -> new TableTurns(azure, generation).apply(TALLIES, List.of(t)));
    Map<Work, Origin> work = new LinkedHashMap<>();
    long occurred = System.currentTimeMillis() - 2_000;
    log.forEach(t -> work.putIfAbsent(ACCOUNTS.askFor(new Account(t.branch(), t.account())), new Origin(null, null, occurred)));

    assertThat(new StepQueues(azure, generation).send(work)).as("120 items of 8 accounts in one message").isOne();
    assertThat(queue.receiveMessages(1, Duration.ofSeconds(3), null, Context.NONE)).as("taken by a worker that then died").hasSize(1);
    try (StepWorkers workers = StepWorkers.start(azure, generation, List.of(ACCOUNTS), QUICK, metrics, Tracing.OFF, Clock.systemUTC())) {
      await("the accounts").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(accounts()).isEqualTo(accounts(ProjectionKit.of(Tally.PROJECTED.projections()).rebuilt(log))).hasSize(8));
      await("the message deleted").atMost(Duration.ofSeconds(10)).untilAsserted(() ->
          assertThat(queue.getProperties().getApproximateMessagesCount()).isZero());
    }
    assertThat(registry.get("tablecast.viewset.step.items").tags("view_set", "tally", "step", "accounts", "outcome", "done").counter()
        .count()).as("each account once: the message carries each item once").isEqualTo(8);
    assertThat(registry.get("tablecast.worker.items").tags("view_set", "tally", "queue", "accounts", "outcome", "done").counter().count())
        .as("as the workers' telemetry counts them").isEqualTo(8);
    Timer freshness = registry.get("tablecast.worker.index.freshness").tags("view_set", "tally", "queue", "accounts").timer();
    assertThat(freshness.count()).as("each item timed from its event").isEqualTo(8);
    assertThat(freshness.max(TimeUnit.MILLISECONDS)).as("from 2 s before it was sent").isGreaterThanOrEqualTo(2_000);
  }

  @Test
  void theItemsOfAMessageRunInOneTurn_eachRowTheyDeclareReadOnce_andTheRowsTheyKeepInAPartitionWrittenInOneEgt(EmbeddedRuntime runtime) {
    List<Tick> log = Tally.log(31, 120);
    new TableTurns(azure, generation).apply(TALLIES, log);
    Map<Work, Origin> work = new LinkedHashMap<>();
    log.forEach(t -> work.putIfAbsent(ACCOUNTS.askFor(new Account(t.branch(), t.account())), Origin.NONE));
    assertThat(new StepQueues(azure, generation).send(work)).as("8 accounts of 3 branches in one message").isOne();
    StorageProbe probe = new StorageProbe();
    AzureClients probed = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()), List.of(probe));

    try (StepWorkers workers = StepWorkers.start(probed, generation, List.of(ACCOUNTS), QUICK, metrics, Tracing.OFF, Clock.systemUTC())) {
      await("the accounts").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(accounts()).isEqualTo(accounts(ProjectionKit.of(Tally.PROJECTED.projections()).rebuilt(log))).hasSize(8));
      await("the message deleted").atMost(Duration.ofSeconds(10)).untilAsserted(() ->
          assertThat(queue.getProperties().getApproximateMessagesCount()).isZero());
    }
    Map<String, Long> tables = probe.drain().samples().stream().map(sample -> sample.label())
        .filter(label -> label.startsWith(generation.table(Tally.TOTALS)) || label.startsWith(generation.table(Tally.ACCOUNT_INDEX)))
        .collect(Collectors.groupingBy(label -> label.replace(generation.table(Tally.TOTALS), "Totals")
            .replace(generation.table(Tally.ACCOUNT_INDEX), "Accounts"), TreeMap::new, Collectors.counting()));
    assertThat(tables).as("one read of each branch's total and of each account, one EGT of the 8 accounts' rows, not 8 writes")
        .isEqualTo(Map.of("Totals read", 3L, "Accounts read", 8L, "Accounts EGT", 1L));
  }

  @Test
  void anItemWhoseIntentRowADeadWorkerHolds_waitsInItsMessageUntilTheLeaseEnds_neverParkedForIt_andThenFinishesItsWork() {
    new TableTurns(azure, generation).apply(Tally.LATEST, List.of(new Tick("b1", "a1", 1, 20)));
    azure.table(generation.table(Tally.ACCOUNT_INDEX)).upsertEntity(new TableEntity("amount10", "a1").addProperty("Version", 0L));
    long leaseEnds = System.currentTimeMillis() + 6_000;
    azure.table(generation.table(Tally.TOTALS)).upsertEntity(new TableEntity("latest-a1", "filed").addProperty("Filed", 10L)
        .addProperty(TableTurns.LEASE_OWNER, "a worker that died").addProperty(TableTurns.LEASE_UNTIL, leaseEnds));
    new StepQueues(azure, generation).send(Map.of(Tally.AMOUNTS.askFor("a1"), Origin.NONE));

    try (StepWorkers workers = StepWorkers.start(azure, generation, List.of(Tally.AMOUNTS), QUICK, metrics, Tracing.OFF,
        Clock.systemUTC())) {
      await("filed under its amount").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(GenerationRows.all(azure, generation)).containsEntry(Tally.filed("a1"), Map.of("Filed", 20L))
              .containsKey(Tally.filedUnder(20, "a1")).doesNotContainKey(Tally.filedUnder(10, "a1")));
    }
    assertThat(System.currentTimeMillis()).as("not before the lease ended").isGreaterThanOrEqualTo(leaseEnds);
    assertThat(azure.queue(generation.poisonQueue(Tally.AMOUNT_QUEUE)).getProperties().getApproximateMessagesCount()).isZero();
    assertThat(registry.get("tablecast.viewset.step.items").tags("view_set", "tally", "step", "amounts", "outcome", "waiting").counter()
        .count()).as("set aside while the lease held, over more attempts than a message has").isGreaterThan(QUICK.maxDequeues());
  }

  @Test
  void aMessageWhoseAttemptEndsInAnError_isLeftAsACrashLeavesIt_andIsDoneWhenItReappears() {
    new TableTurns(azure, generation).apply(TALLIES, List.of(new Tick("b1", "a1", 1, 10)));
    new StepQueues(azure, generation).send(Map.of(ACCOUNTS.askFor(new Account("b1", "a1")), Origin.NONE));
    AtomicBoolean broken = new AtomicBoolean(true);
    WorkStep<Account> buggy = new WorkStep<>() {
      @Override
      public String name() {
        return ACCOUNTS.name();
      }

      @Override
      public ViewSet viewSet() {
        return VIEW_SET;
      }

      @Override
      public ViewSet.Queue queue() {
        return ACCOUNT_QUEUE;
      }

      @Override
      public String encode(Account item) {
        return ACCOUNTS.encode(item);
      }

      @Override
      public Account decode(String text) {
        if (broken.getAndSet(false)) {
          throw new AssertionError("a bug in the step");
        }
        return ACCOUNTS.decode(text);
      }

      @Override
      public Set<RowRef> reads(Account item) {
        return ACCOUNTS.reads(item);
      }

      @Override
      public List<RowChange> fold(Rows rows, Account item) {
        return ACCOUNTS.fold(rows, item);
      }
    };
    long started = System.nanoTime();

    try (StepWorkers workers = StepWorkers.start(azure, generation, List.of(buggy), QUICK, metrics, Tracing.OFF, Clock.systemUTC())) {
      await("the account").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(accounts()).containsEntry(Tally.account("a1"), Map.of("Branch", "b1", "Version", 1L)));
    }
    assertThat(Duration.ofNanos(System.nanoTime() - started)).as("after its visibility timeout").isGreaterThanOrEqualTo(
        QUICK.visibilityTimeout());
    assertThat(registry.find("tablecast.viewset.step.items").tags("outcome", "failed").counter()).as("no failure recorded").isNull();
    assertThat(azure.queue(generation.poisonQueue(ACCOUNT_QUEUE)).getProperties().getApproximateMessagesCount()).isZero();
  }

  @Test
  void anErrorThatTheStorageClientWrapped_isStillAnError_andItsMessageIsLeftAsACrashLeavesIt(EmbeddedRuntime runtime) {
    new TableTurns(azure, generation).apply(TALLIES, List.of(new Tick("b1", "a1", 1, 10)));
    new StepQueues(azure, generation).send(Map.of(ACCOUNTS.askFor(new Account("b1", "a1")), Origin.NONE));
    AtomicBoolean broken = new AtomicBoolean(true);
    HttpPipelinePolicy bug = (context, next) -> {
      if (context.getHttpRequest().getUrl().getPath().contains(generation.table(Tally.TOTALS)) && broken.getAndSet(false)) {
        throw new AssertionError("a bug below the storage client");
      }
      return next.process();
    };
    AzureClients buggy = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()), List.of(bug));
    long started = System.nanoTime();

    try (StepWorkers workers = StepWorkers.start(buggy, generation, List.of(ACCOUNTS), QUICK, metrics, Tracing.OFF, Clock.systemUTC())) {
      await("the account").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(accounts()).containsEntry(Tally.account("a1"), Map.of("Branch", "b1", "Version", 1L)));
    }
    assertThat(broken).as("the bug struck").isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - started)).as("after its visibility timeout").isGreaterThanOrEqualTo(
        QUICK.visibilityTimeout());
    assertThat(registry.find("tablecast.viewset.step.items").tags("outcome", "failed").counter()).as("no failure recorded").isNull();
  }

  @Test
  void anItemThatFailsForGoodIsSplitFromItsMessage_andParkedWithItsReasonAfterItsAttempts_whileTheOthersAreDone_andARequeueSendsItBack() {
    new TableTurns(azure, generation).apply(TALLIES, List.of(new Tick("b1", "a1", 1, 10)));
    queue.sendMessage(StepMessages.write(new StepMessages.Message(StepMessages.FORMAT, "accounts", List.of("b1/a1", "garbage"), null)));
    queue.sendMessage("{\"hello\":1}");

    try (StepWorkers workers = StepWorkers.start(azure, generation, List.of(ACCOUNTS), QUICK, metrics, Tracing.OFF, Clock.systemUTC())) {
      await("the good item").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(accounts()).containsEntry(Tally.account("a1"), Map.of("Branch", "b1", "Version", 1L)));
      QueueClient poison = azure.queue(generation.poisonQueue(ACCOUNT_QUEUE));
      await("both parked").atMost(Duration.ofSeconds(60)).untilAsserted(() ->
          assertThat(poison.getProperties().getApproximateMessagesCount()).isEqualTo(2));
      List<ParkedMessages.Parked> parked = poison.peekMessages(2, null, Context.NONE).stream()
          .map(m -> ParkedMessages.read(m.getBody().toString())).toList();
      assertThat(parked).anySatisfy(p -> {
        assertThat(p.reason()).startsWith("unreadable message: not a step message");
        assertThat(p.message()).isEqualTo("{\"hello\":1}");
        assertThat(p.dequeueCount()).isOne();
      }).anySatisfy(p -> {
        assertThat(p.reason()).isEqualTo("IllegalArgumentException: not <branch>/<account>: garbage");
        assertThat(StepMessages.read(p.message()).items()).containsExactly("garbage");
        assertThat(p.dequeueCount()).isEqualTo(4);
      });
      assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
    }
    assertThat(registry.get("tablecast.viewset.step.parked").tags("view_set", "tally", "step", "accounts").counter().count()).isEqualTo(2);

    assertThat(new PoisonQueues(azure, generation).requeue(ACCOUNT_QUEUE, Optional.empty())).isEqualTo(2);
    assertThat(queue.peekMessages(2, null, Context.NONE).stream().map(m -> m.getBody().toString()))
        .as("requeued as they were sent, without their failure")
        .containsExactlyInAnyOrder("{\"hello\":1}", "{\"format\":1,\"step\":\"accounts\",\"items\":[\"garbage\"]}");
  }

  @Test
  void itemsWhoseTruthIsNotThereYetWait_thoseWhoseEventTheProjectorHasNotPassedAreNeverParked_andRunOnceTheirTruthComes()
      throws InterruptedException {
    TableClient checkpoints = azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints());
    checkpoints.createTable();
    checkpoints.upsertEntity(new TableEntity(generation.checkpointPartition(), CheckpointLayout.rowKey(Tally.TOPIC, 0))
        .addProperty(CheckpointLayout.APPLIED_OFFSET, 4L));
    new TableTurns(azure, generation).apply(TALLIES, List.of(new Tick("b1", "ready", 1, 10)));
    Map<Work, Origin> work = new LinkedHashMap<>();
    work.put(ACCOUNTS.askFor(new Account("b1", "later")), Origin.of(Tally.TOPIC, 0, 9, null));
    work.put(ACCOUNTS.askFor(new Account("b1", "lost")), Origin.of(Tally.TOPIC, 0, 3, null));
    work.put(ACCOUNTS.askFor(new Account("b1", "ready")), Origin.of(Tally.TOPIC, 0, 2, null));
    assertThat(new StepQueues(azure, generation).send(work)).isOne();
    QueueClient poison = azure.queue(generation.poisonQueue(ACCOUNT_QUEUE));

    try (StepWorkers workers = StepWorkers.start(azure, generation, List.of(ACCOUNTS), QUICK, metrics, Tracing.OFF, Clock.systemUTC())) {
      await("the item whose truth is there").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(accounts()).containsOnlyKeys(Tally.account("ready")));
      await("the item whose event the projector passed, parked").atMost(Duration.ofSeconds(60)).untilAsserted(() ->
          assertThat(poison.getProperties().getApproximateMessagesCount()).isOne());
      ParkedMessages.Parked parked = ParkedMessages.read(poison.peekMessage().getBody().toString());
      assertThat(StepMessages.read(parked.message()).items()).containsExactly("b1/lost");
      assertThat(parked.reason())
          .isEqualTo("branch b1 has not counted account lost, and the projector has passed the event that asked for it");
      Thread.sleep(QUICK.backoffAfter(QUICK.maxDequeues()).toMillis() * (QUICK.maxDequeues() + 2));
      assertThat(poison.getProperties().getApproximateMessagesCount()).as("the item whose event is still ahead: kept, not parked").isOne();
      assertThat(registry.get("tablecast.viewset.step.items").tags("view_set", "tally", "step", "accounts", "outcome", "done").counter()
          .count()).as("the item done is not done again: the message kept only those that wait").isOne();

      new TableTurns(azure, generation).apply(TALLIES, List.of(new Tick("b1", "later", 1, 5)));
      await("the item, once its truth came").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(accounts()).containsEntry(Tally.account("later"), Map.of("Branch", "b1", "Version", 1L)));
      await("its message deleted").atMost(Duration.ofSeconds(10)).untilAsserted(() ->
          assertThat(queue.getProperties().getApproximateMessagesCount()).isZero());
    }
    assertThat(registry.get("tablecast.viewset.step.items").tags("view_set", "tally", "step", "accounts", "outcome", "waiting").counter()
        .count()).isGreaterThanOrEqualTo(QUICK.maxDequeues() + 2);
  }

  private Map<RowRef, Map<String, Object>> accounts() {
    return accounts(GenerationRows.all(azure, generation));
  }

  private static Map<RowRef, Map<String, Object>> accounts(Map<RowRef, Map<String, Object>> rows) {
    return rows.entrySet().stream().filter(row -> row.getKey().table().equals(Tally.ACCOUNT_INDEX))
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
  }
}
