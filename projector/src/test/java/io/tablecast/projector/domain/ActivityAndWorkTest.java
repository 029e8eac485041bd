package io.tablecast.projector.domain;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.tables.ActivityLayout;
import io.tablecast.events.Actor;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.viewstore.domain.EmployeeLocator;
import io.tablecast.projector.domain.work.WorkItems;
import io.tablecast.testkit.HrEvents;
import io.tablecast.viewstore.domain.ViewEntity;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ActivityAndWorkTest {

  @Test
  void anActivityRowSaysWhatHappenedWhenAndAtWhichVersion() {
    ViewEntity row = ActivityEntries.of(transferred(7, 3, "Sales", "Ops"));

    assertThat(row.rowKey()).isEqualTo(ActivityLayout.rowKey(HrEvents.T0.plusMillis(3), 3));
    assertThat(row.properties())
        .containsEntry("EntityType", "Activity")
        .containsEntry("EventType", "EmployeeTransferred")
        .containsEntry("OccurredAt", HrEvents.T0.plusMillis(3))
        .containsEntry("Version", 3L)
        .containsEntry("Summary", "Transferred from Sales to Ops.")
        .containsKey("EventId");
  }

  @Test
  void anActivityRowNamesWhoCausedTheEvent() {
    Actor admin = new Actor("3f2504e0-4f89-11d3-9a0c-0305e82c3301");

    ViewEntity row = ActivityEntries.of(HrEvents.transferredBy(admin, 7, 3, "Sales", "Ops"));

    assertThat(row.properties()).containsEntry("Actor", "3f2504e0-4f89-11d3-9a0c-0305e82c3301");
  }

  @Test
  void anAnonymousEventsRowHasNoActorAndEqualsTheRowWrittenBeforeActorsWereRecorded() {
    ViewEntity row = ActivityEntries.of(transferred(7, 3, "Sales", "Ops"));

    assertThat(row.properties()).doesNotContainKey("Actor")
        .containsOnlyKeys("EntityType", "EventType", "OccurredAt", "Version", "EventId", "Summary");
  }

  @Test
  void exactlyTheEventsWhoseWorkMovesRowsAskForAnInFlightMark() {
    List<DomainEvent> events = List.of(departmentCreated("Sales", "Sales"), hired(7, "Sales", "Ann", "Lee", "a@x.io"),
        changed(7, 2, "Sales", "Ann", "Park", "p@x.io", 31), managerAssigned("Sales", 2, 7, "Ann", "Lee", "a@x.io"),
        transferred(7, 3, "Sales", "Ops"), archived(7, 4, "Ops", "left"));

    for (DomainEvent event : events) {
      boolean moves = WorkItems.of(List.of(event)).stream()
          .anyMatch(item -> item instanceof WorkItem.TransferEmployee || item instanceof WorkItem.ArchiveEmployee);
      assertThat(WorkItems.movesRows(event)).as(event.getClass().getSimpleName()).isEqualTo(moves);
    }
    assertThat(events.stream().filter(WorkItems::movesRows)).hasSize(2);
  }

  @Test
  void summariesAreShortSentences() {
    assertThat(ActivityEntries.of(hired(7, "Sales", "Ann", "Lee", "a@x.io")).string("Summary")).isEqualTo("Hired into Sales as Ann Lee.");
    assertThat(ActivityEntries.of(archived(7, 2, "Sales", "left")).string("Summary")).isEqualTo("Archived from Sales: left.");
    assertThat(ActivityEntries.of(archived(7, 2, "Sales", null)).string("Summary")).isEqualTo("Archived from Sales.");
    assertThat(ActivityEntries.of(changed(7, 2, "Sales", "Ann", "Park", "p@x.io", 31)).string("Summary"))
        .isEqualTo("Details changed to Ann Park, p@x.io, age 31.");
  }

  @Test
  void hiresAndChangesOfOneEmployeeBecomeOneReindexItemAtTheLatestVersion_andOnlyAHireAloneCarriesTheHire() {
    EmployeeHired bo = hired(8, "Sales", "Bo", "Ek", "b@x.io");
    List<WorkItem> items = WorkItems.of(List.of(
        hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "Sales", "Ann", "Park", "p@x.io", 31), bo));

    WorkItem.Hire hire = new WorkItem.Hire("Sales", "Bo", "Ek", "b@x.io", 30, bo.metadata().occurredAt(), bo.metadata().eventId().toString());
    assertThat(items).containsExactly(new WorkItem.ReindexEmployee("00000007", 2), new WorkItem.ReindexEmployee("00000008", 1, null, hire));
  }

  @Test
  void theHireAnItemCarriesIsTheLocatorTheProjectorWritesForIt() {
    EmployeeHired hire = hired(8, "Sales", "Bo", "O'Brien", "Bo.OBrien@x.io");

    WorkItem.ReindexEmployee item = (WorkItem.ReindexEmployee) WorkItems.of(List.of(hire)).get(0);

    assertThat(item.hiredLocator()).isEqualTo(EmployeeLocator.fold(Optional.empty(), List.of(hire)));
  }

  @Test
  void everyTransferAndArchiveIsItsOwnItemOnItsQueue() {
    List<WorkItem> items = WorkItems.of(List.of(
        transferred(7, 2, "Sales", "Ops"), transferred(7, 3, "Ops", "HR"), archived(7, 4, "HR", null),
        departmentCreated("Sales", "Sales"), managerAssigned("Sales", 2, 7, "Ann", "Lee", "a@x.io")));

    assertThat(items).containsExactly(
        new WorkItem.TransferEmployee("00000007", "Sales", "Ops", 2),
        new WorkItem.TransferEmployee("00000007", "Ops", "HR", 3),
        new WorkItem.ArchiveEmployee("00000007", "HR", 4),
        new WorkItem.ManagerAssigned("Sales", "00000007", 2));
    assertThat(items).extracting(WorkItem::queue).extracting(Enum::name)
        .containsExactly("TRANSFER", "TRANSFER", "ARCHIVE", "INDEX_MAINTENANCE");
  }
}
