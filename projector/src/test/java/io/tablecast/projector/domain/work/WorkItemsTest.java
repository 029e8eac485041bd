package io.tablecast.projector.domain.work;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.hr.work.EmployeeLocator;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The work items each event asks for, and on which queue. */
class WorkItemsTest {

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
