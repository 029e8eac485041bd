package io.tablecast.projector.adapter.in.kafka;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.queue.QueueClient;
import io.tablecast.common.tables.Generation;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.projector.ProjectorMain;
import io.tablecast.projector.ProjectorService;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.projector.fixtures.TableContents;
import io.tablecast.projector.fixtures.ViewReference;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.queue.StepMessages;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The projector against the real broker and Azurite: whatever happens to it (a kill mid-batch, a
 * second instance and rebalances, concurrent EGTs on one partition), the tables end up exactly as
 * one clean pass of the folds over the log says.
 */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class, ChildJvms.class})
class ProjectionIT {

  private static final Duration CATCH_UP = Duration.ofMinutes(3);

  private static void assertViewsEqualTheReference(Projection projection, List<DomainEvent> log) {
    ViewReference reference = ViewReference.of(log);
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEES))).isEqualTo(reference.employees());
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEE_INDEX))).isEqualTo(reference.locators());
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEE_ACTIVITY))).isEqualTo(reference.activity());
  }

  @Test
  void projectsAHistoryExactlyAsTheFoldsSayAndQueuesItsWork(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(1, 5, 1_500, HrHistory.Mix.TYPICAL);
    projection.write(log);

    projection.start();
    projection.awaitCaughtUp(CATCH_UP);

    assertViewsEqualTheReference(projection, log);
    Generation generation = new Generation(HR, projection.namespace(), 1);
    QueueClient transfers = projection.azure().queue(generation.queue(WorkQueue.TRANSFER));
    long queuedTransfers = transfers.receiveMessages(32).stream()
        .mapToLong(m -> StepMessages.read(m.getBody().toString()).items().size()).sum();
    assertThat(queuedTransfers).isPositive();
  }

  @Test
  void aProjectorKilledMidBatchResumesAndTheViewsEqualTheReference(Projection projection, ChildJvms.Launcher jvms, @TempDir Path dir) {
    List<DomainEvent> log = HrHistory.generate(2, 5, 4_000, HrHistory.Mix.TYPICAL);
    projection.write(log);
    Map<String, Long> end = projection.endOffsets();
    ChildJvm projector = jvms.start(dir.resolve("projector.out"), Map.of(
        "TABLECAST_KAFKA_BOOTSTRAP", projection.kafka().bootstrapServers(),
        "TABLECAST_STORAGE_CONNECTION_STRING", projection.storage().connectionString().orElseThrow(),
        "TABLECAST_NAMESPACE", projection.namespace().prefix(),
        "TABLECAST_PROJECTOR_PORT", "0",
        "TABLECAST_PROJECTOR_MAX_POLL", "300",
        "TABLECAST_WORKERS", "0"), ProjectorMain.class); // the projector alone: these views are its own

    // Kill it without warning once it has applied some batches, but not all.
    await("some batches applied").atMost(CATCH_UP).pollInterval(Duration.ofMillis(50))
        .until(() -> projection.appliedOffsets().values().stream().mapToLong(Long::longValue).sum() > 500);
    projector.signal("KILL");
    assertThat(projector.awaitExit(Duration.ofSeconds(10))).isTrue();
    assertThat(projection.caughtUp(end)).as("killed before the end").isFalse();

    projection.start();
    projection.awaitCaughtUp(CATCH_UP);

    assertViewsEqualTheReference(projection, log);
  }

  @Test
  void twoInstancesWithRebalancesOnTheWayGiveTheReferenceViews(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(3, 5, 3_000, HrHistory.Mix.TYPICAL);
    projection.write(log.subList(0, 1_000));
    ProjectorService first = projection.start();
    await().atMost(CATCH_UP).until(() -> !projection.appliedOffsets().isEmpty());

    projection.write(log.subList(1_000, 2_000));
    projection.start(); // a second member: the partitions are shared out again
    projection.write(log.subList(2_000, 3_000));
    await().atMost(CATCH_UP).until(() -> projection.appliedOffsets().values().stream().mapToLong(Long::longValue).sum() > 1_500);
    projection.stop(first); // and back to one member

    projection.awaitCaughtUp(CATCH_UP);
    assertViewsEqualTheReference(projection, log);
  }

  @Test
  void concurrentEgtsOnOneDepartmentFromTwoKafkaPartitionsKeepTheCountExact(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(4, 1, 601, HrHistory.Mix.HIRES_ONLY);
    projection.write(log);

    projection.start();
    projection.start();
    projection.awaitCaughtUp(CATCH_UP);

    Map<String, Map<String, Object>> department = TableContents.of(projection.table(ViewTable.EMPLOYEES)).get("D1");
    long employees = department.keySet().stream().filter(k -> k.startsWith("empid_")).count();
    assertThat(employees).isEqualTo(log.stream().filter(e -> e instanceof EmployeeHired).count()).isEqualTo(600);
    assertThat(department.get("department").get("EmployeeCount")).isEqualTo(600);
    assertViewsEqualTheReference(projection, log);
  }
}
