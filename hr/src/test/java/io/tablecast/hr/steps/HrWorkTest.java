package io.tablecast.hr.steps;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.projection.Work;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The work HR's events ask for, and its items as they travel (docs/work-items.md). */
class HrWorkTest {

  private static Work asked(EmployeeItem item) {
    return EmployeeStep.of(item).askFor(item);
  }

  @Test
  void exactlyTheEventsWhoseWorkMovesRowsAskForAnInFlightMark() {
    List<DomainEvent> events = List.of(departmentCreated("Sales", "Sales"), hired(7, "Sales", "Ann", "Lee", "a@x.io"),
        changed(7, 2, "Sales", "Ann", "Park", "p@x.io", 31), managerAssigned("Sales", 2, 7, "Ann", "Lee", "a@x.io"),
        transferred(7, 3, "Sales", "Ops"), archived(7, 4, "Ops", "left"));

    for (DomainEvent event : events) {
      boolean moves = HrWork.of(event).stream()
          .anyMatch(work -> work.step() == EmployeeStep.TRANSFER || work.step() == EmployeeStep.ARCHIVE);
      assertThat(HrWork.movesRows(event)).as(event.getClass().getSimpleName()).isEqualTo(moves);
    }
    assertThat(events.stream().filter(HrWork::movesRows)).hasSize(2);
  }

  @Test
  void hiresAndChangesOfOneEmployeeBecomeOneReindexItemAtTheLatestVersion_andOnlyAHireAloneCarriesTheHire() {
    EmployeeHired bo = hired(8, "Sales", "Bo", "Ek", "b@x.io");
    List<Work> work = HrWork.of(List.of(hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "Sales", "Ann", "Park", "p@x.io", 31),
        bo));

    EmployeeItem.Hire hire = new EmployeeItem.Hire("Sales", "Bo", "Ek", "b@x.io", 30, bo.metadata().occurredAt(),
        bo.metadata().eventId().toString());
    assertThat(work).containsExactly(asked(EmployeeItem.reindex("00000007", 2)), asked(EmployeeItem.hired("00000008", hire)));
  }

  @Test
  void theHireAnItemCarriesIsTheLocatorTheProjectorWritesForIt() {
    EmployeeHired hire = hired(8, "Sales", "Bo", "O'Brien", "Bo.OBrien@x.io");

    EmployeeItem item = EmployeeItem.parse(HrWork.of(hire).get(0).item());

    assertThat(item.hiredLocator()).isEqualTo(EmployeeLocators.fold(Optional.empty(), List.of(hire)));
    assertThat(EmployeeStep.INDEX_MAINTENANCE.carried(item)).containsOnlyKeys(EmployeeLocators.ref(hire.employeeId()));
  }

  @Test
  void everyTransferAndArchiveIsItsOwnItemOnItsQueue() {
    List<Work> work = HrWork.of(List.of(
        transferred(7, 2, "Sales", "Ops"), transferred(7, 3, "Ops", "HR"), archived(7, 4, "HR", null),
        departmentCreated("Sales", "Sales"), managerAssigned("Sales", 2, 7, "Ann", "Lee", "a@x.io")));

    assertThat(work).containsExactly(
        asked(EmployeeItem.transfer("00000007", "Sales", "Ops", 2)),
        asked(EmployeeItem.transfer("00000007", "Ops", "HR", 3)),
        asked(EmployeeItem.archive("00000007", "HR", 4)),
        asked(EmployeeItem.managerAssigned("Sales", "00000007", 2)));
    assertThat(work).extracting(w -> w.step().queue().baseName())
        .containsExactly("transfer-employee", "transfer-employee", "archive-employee", "index-maintenance");
  }

  @Test
  void anItemTravelsAsTheJsonOfDocsWorkItems_andReadsBackAsItself() {
    EmployeeItem transfer = EmployeeItem.transfer("00000042", "Sales", "Ops", 3);

    assertThat(transfer.text()).isEqualTo(
        "{\"type\":\"transfer-employee\",\"employeeId\":\"00000042\",\"fromDepartmentId\":\"Sales\","
            + "\"toDepartmentId\":\"Ops\",\"version\":3}");
    EmployeeHired bo = hired(8, "Sales", "Zoë", "O'Brien", "zoe@x.io");
    for (Work work : HrWork.of(List.of(bo, transferred(8, 2, "Sales", "Ops"), managerAssigned("Ops", 2, 8, "Z", "O", "z@x.io")))) {
      assertThat(EmployeeItem.parse(work.item()).text()).isEqualTo(work.item());
    }
  }

  @Test
  void anItemThatCannotBeIsRefusedWithItsReason_andAStepTakesOnlyTheItemsOfItsQueue() {
    assertThatThrownBy(() -> EmployeeItem.parse("{\"type\":\"archive-employee\",\"employeeId\":\"7\",\"departmentId\":\"no/such\","
        + "\"version\":2}")).hasMessage("department id 'no/such' cannot exist");
    assertThatThrownBy(() -> EmployeeItem.parse("{\"type\":\"fire-employee\",\"employeeId\":\"7\",\"version\":2}"))
        .hasMessage("unknown item type 'fire-employee'");
    assertThatThrownBy(() -> EmployeeStep.TRANSFER.decode(EmployeeItem.reindex("00000007", 2).text()))
        .hasMessageContaining("does not travel on transfer-employee");
  }
}
