package io.tablecast.projector;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.storage.queue.QueueClient;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.Generation;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.hr.steps.EmployeeItem;
import io.tablecast.hr.steps.EmployeeStep;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.projector.fixtures.HrModel;
import io.tablecast.projector.fixtures.ModelCheck;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.projector.fixtures.StoreSnapshot;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.LongRun;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.TableTurns;
import io.tablecast.viewstore.adapter.queue.ParkedMessages;
import io.tablecast.viewstore.adapter.queue.StepMessages.Origin;
import io.tablecast.viewstore.adapter.queue.StepMessages;
import io.tablecast.workers.WorkerService;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The store losing writes that Kafka kept, as Azurite does in a crash (it saves its tables and
 * its queues every few seconds, each on its own), or a restore from a backup: the projector
 * applies again what its checkpoints no longer record, work that arrives before its truth waits
 * for it, and work the queues lost is queued again. Each ends with the views equal to a model of
 * the log and nothing parked that could be done.
 */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
@LongRun
class CrashRecoveryIT {

  private static final WorkerSettings FAST = Projection.FAST_WORKERS;
  private static final Duration SETTLE = Duration.ofMinutes(2);

  @Test
  void aStoreRestoredFromAnOlderCopyIsBroughtBackToTheLogFromItsCheckpoints(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(15, 4, 900, HrHistory.Mix.TYPICAL);
    List<DomainEvent> before = log.subList(0, 450);
    ProjectorService projector = projection.start(projection.config().withWorkers(FAST), List.of());
    projection.write(before);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    StoreSnapshot backup = StoreSnapshot.take(projection);

    projection.write(log.subList(450, log.size()));
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    projection.stop(projector);
    backup.restore(); // older tables and checkpoints; Kafka's committed offsets stay at the end of the log
    assertThat(projection.caughtUp(projection.endOffsets())).as("the restored checkpoints are behind the log").isFalse();

    projection.start(projection.config().withWorkers(FAST), List.of());
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);

    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "after the restore");
  }

  /**
   * The projector marks a batch applied only after its writes, and in the background: a crash in
   * between leaves the views ahead of the checkpoints (and of the group, which follows them). The
   * next owner applies those records again, as uncertain ones, and the views end as if once.
   */
  @Test
  void aCrashBetweenTheViewsWritesAndTheirCheckpointNeitherLosesNorDoublesAnEffect(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(17, 4, 900, HrHistory.Mix.TYPICAL);
    ProjectorService projector = projection.start(projection.config().withWorkers(FAST), List.of());
    projection.write(log.subList(0, 300));
    projection.awaitCaughtUp(SETTLE);
    Map<String, Long> checkpointed = projection.appliedOffsets();

    projection.write(log.subList(300, log.size()));
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    projection.stop(projector);
    // What the crash leaves: every write of the last 600 events done, and their applied marks not.
    checkpointed.forEach((row, offset) -> projection.checkpoints().updateEntity(
        new TableEntity(new Generation(HR, projection.namespace(), 1).checkpointPartition(), row)
            .addProperty(CheckpointLayout.APPLIED_OFFSET, offset),
        TableEntityUpdateMode.MERGE));
    assertThat(projection.caughtUp(projection.endOffsets())).as("the checkpoints are behind the views").isFalse();

    projection.start(projection.config().withWorkers(FAST), List.of());
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);

    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "after the events were applied twice");
  }

  @Test
  void afterACrashTheWorkItsQueuesLostIsQueuedAgainAndTheDeadRunsLeasesAreVoid(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(16, 4, 600, HrHistory.Mix.TYPICAL);
    ProjectorService projector = projection.start(); // no workers: the work stays queued
    projection.write(log);
    projection.awaitCaughtUp(SETTLE);
    projection.stop(projector);
    Generation generation = new Generation(HR, projection.namespace(), 1);
    for (WorkQueue queue : WorkQueue.values()) {
      projection.azure().queue(generation.queue(queue)).clearMessages(); // lost with the queues' last seconds
    }
    // A worker of the crashed run held one employee, for minutes more.
    EmployeeHired first = log.stream().filter(EmployeeHired.class::isInstance).map(EmployeeHired.class::cast).findFirst().orElseThrow();
    projection.table(ViewTable.EMPLOYEE_INDEX).upsertEntity(new TableEntity(IndexLayout.locatorPartition(first.employeeId()),
        IndexLayout.WORKER_ROW).addProperty("EntityType", IndexLayout.TYPE_WORKER_STATE).addProperty("Version", 0L)
        .addProperty(TableTurns.LEASE_OWNER, "crashed-run/1")
        .addProperty(TableTurns.LEASE_UNTIL, Instant.now().plusSeconds(600).toEpochMilli()));

    projection.start(projection.config().withWorkers(FAST.withInstance("next-run")).withRecovery(Recovery.afterCrashOf("crashed-run")),
        List.of());
    ModelCheck.awaitWorkDone(projection, SETTLE);

    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "after the crash");
  }

  @Test
  void workThatArrivesBeforeItsTruthWaitsForTheProjector_andWorkWhoseTruthIsFinalIsParked(Projection projection) {
    List<DomainEvent> known = List.of(departmentCreated("Sales", "Sales"), hired(1, "Sales", "Ann", "Lee", "ann@x.io"));
    ProjectorService projector = projection.start(projection.config().withWorkers(FAST), List.of());
    List<RecordMetadata> written = projection.write(known);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    projection.stop(projector);
    // Queued, as after a crash, for a hire the store has not applied yet, and for one it has passed without a locator.
    List<DomainEvent> late = List.of(hired(2, "Sales", "Bob", "Lee", "bob@x.io"));
    RecordMetadata pending = projection.write(late).get(0);
    RecordMetadata passed = written.get(1);
    QueueClient index = projection.azure().queue(new Generation(HR, projection.namespace(), 1).queue(WorkQueue.INDEX_MAINTENANCE));
    index.sendMessage(reindex("00000002", pending));
    index.sendMessage(reindex("00000003", passed));

    try (WorkerService workers = WorkerService.start(
        new WorkerService.Config(projection.namespace(), projection.storage(), new HttpSettings("127.0.0.1", 0), FAST))) {
      QueueClient poison = projection.azure().queue(new Generation(HR, projection.namespace(), 1).poisonQueue(WorkQueue.INDEX_MAINTENANCE));
      await("the item whose truth is final is parked").atMost(SETTLE)
          .until(() -> poison.getProperties().getApproximateMessagesCount() == 1);
      assertThat(ParkedMessages.read(poison.peekMessage().getBody().toString()).reason())
          .isEqualTo("waiting for the locator of employee 00000003 at version 1 (it is at none), and the projector has passed the event"
              + " that asked for it");
      // The waiting item has been tried well past the point where a failing one is parked.
      await().during(Duration.ofSeconds(8)).atMost(Duration.ofSeconds(20))
          .until(() -> poison.getProperties().getApproximateMessagesCount() == 1);

      projection.start(projection.config().withWorkers(FAST.withPerQueue(0)), List.of());
      projection.awaitCaughtUp(SETTLE);
      ModelCheck.awaitWorkDone(projection, SETTLE);
      assertThat(projection.table(ViewTable.EMPLOYEE_INDEX).getEntity(IndexLayout.emailPartition("bob@x.io"), IndexLayout.ROW)
          .getProperty("EmployeeId"))
          .as("the waiting item was done once its truth was there").isEqualTo("00000002");
      assertThat(poison.getProperties().getApproximateMessagesCount()).isEqualTo(1);
    }
  }

  /** The message of a reindex at version 1, asked for by the event {@code written}, as the projector sends it. */
  private static String reindex(String employeeId, RecordMetadata written) {
    Map<String, Origin> item = Map.of(EmployeeItem.reindex(employeeId, 1).text(),
        Origin.of(written.topic(), written.partition(), written.offset(), null));
    return StepMessages.pack(EmployeeStep.INDEX_MAINTENANCE.name(), item).get(0);
  }
}
