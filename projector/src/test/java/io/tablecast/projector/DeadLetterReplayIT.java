package io.tablecast.projector;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projector.DeadLetterReplay.Outcome;
import io.tablecast.projector.DeadLetterReplay.Result;
import io.tablecast.projector.adapter.out.kafka.ParkedRecords;
import io.tablecast.projector.adapter.out.kafka.ParkedRecords.Parked;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.projector.fixtures.TableContents;
import io.tablecast.projector.fixtures.ViewReference;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.StorageFaults;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Dead letters applied again once their cause is fixed (SPEC §4): through the projector's own path, each once. */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
class DeadLetterReplayIT {

  @Test
  void eventsParkedWhileStorageRefusedAViewAreAppliedOnceReplayed_withTheEventsThatFollowedThem_eachOnce(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(11, 3, 60, HrHistory.Mix.TYPICAL);
    long employeeEvents = log.stream().filter(EmployeeEvent.class::isInstance).count();
    StorageFaults faults = new StorageFaults(11);
    faults.refuseWrites(projection.namespace().table(ViewTable.EMPLOYEE_INDEX.baseName()));
    projection.start(projection.config(), List.of(faults));
    projection.write(log);
    projection.awaitCaughtUp(Duration.ofMinutes(3));
    String dlq = projection.topics().projectorDlq();
    List<Parked> parked = ParkedRecords.read(projection.kafka(), dlq, HrViewSet.HR.name());
    assertThat(parked).as("the employee events whose locator changes, parked before their offsets were checkpointed")
        .hasSizeBetween((int) employeeEvents / 2, (int) employeeEvents).allSatisfy(p -> assertThat(p.reason()).startsWith("403"));
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEE_INDEX))).as("no locator written").isEmpty();

    faults.refuseWrites(null);
    List<Result> replayed;
    try (DeadLetterReplay replay = replay(projection)) {
      replayed = replay.replay(parked, result -> { });
    }

    assertThat(replayed).extracting(Result::outcome).containsOnly(Outcome.REPLAYED);
    ViewReference reference = ViewReference.of(log);
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEES))).isEqualTo(reference.employees());
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEE_INDEX))).isEqualTo(reference.locators());
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEE_ACTIVITY))).isEqualTo(reference.activity());
    try (DeadLetterReplay again = replay(projection)) {
      assertThat(again.replayed()).hasSize(parked.size());
      assertThat(again.replay(parked, result -> { })).extracting(Result::outcome).as("each once").containsOnly(Outcome.ALREADY_REPLAYED);
    }
  }

  private static DeadLetterReplay replay(Projection projection) {
    return new DeadLetterReplay(projection.kafka(), projection.azure(), projection.namespace(), HrProjections.PLANNED, List.of(),
        Clock.systemUTC());
  }
}
