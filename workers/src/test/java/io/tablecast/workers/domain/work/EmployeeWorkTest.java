package io.tablecast.workers.domain.work;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.work.EmployeeLocator;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.viewstore.domain.SourcePosition;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EmployeeWorkTest {

  private static ViewEntity truth(EmployeeEvent... history) {
    return EmployeeLocator.fold(Optional.empty(), List.of(history)).orElseThrow();
  }

  @Test
  void onlyAManagerAssignmentAsksNothingButToFollowDepartments() {
    Map<EmployeeId, EmployeeWork> work = EmployeeWork.of(List.of(
        new WorkItem.ManagerAssigned("Ops", "00000007", 5), new WorkItem.ManagerAssigned("Sales", "00000007", 6),
        new WorkItem.ManagerAssigned("Ops", "00000008", 7), new WorkItem.TransferEmployee("00000008", "Sales", "Ops", 2),
        new WorkItem.ReindexEmployee("00000009", 1)));

    assertThat(work.get(new EmployeeId(7)).onlyManages()).isTrue();
    assertThat(work.get(new EmployeeId(8)).onlyManages()).as("a transfer needs the truth").isFalse();
    assertThat(work.get(new EmployeeId(9)).onlyManages()).as("a hire's indexes need the truth").isFalse();
  }

  @Test
  void onlyAHiresItemAloneThatCarriesTheHireMayBeWrittenAsCarried_andAnyMergeKeepsTheHire() {
    EmployeeHired hired = hired(7, "Sales", "Ann", "Lee", "a@x.io");
    WorkItem.ReindexEmployee hire = new WorkItem.ReindexEmployee("00000007", 1, null,
        WorkItem.Hire.of(EmployeeLocators.hired(hired), "Sales", hired.metadata().eventId().toString()));

    EmployeeWork alone = EmployeeWork.of(List.of(hire)).get(new EmployeeId(7));
    EmployeeWork withChange = EmployeeWork.of(List.of(hire, new WorkItem.ReindexEmployee("00000007", 2))).get(new EmployeeId(7));
    EmployeeWork requeued = EmployeeWork.of(List.of(new WorkItem.ReindexEmployee("00000007", 1))).get(new EmployeeId(7));

    assertThat(alone.hireAsCarried()).isTrue();
    assertThat(alone.hire()).isEqualTo(hire.hiredLocator());
    assertThat(withChange.hireAsCarried()).as("a later version needs the truth").isFalse();
    assertThat(withChange.hire()).as("what a first attempt at the hire may have written").isEqualTo(hire.hiredLocator());
    assertThat(requeued.hireAsCarried()).as("an item queued again after a crash carries no hire").isFalse();
  }

  @Test
  void theWorkIsAheadOfATruthThatIsMissingOrOlderThanItsNewestItem_andKnowsWhereThatItemsEventIs() {
    SourcePosition older = new SourcePosition("tablecast.employee-events", 1, 10);
    SourcePosition newer = new SourcePosition("tablecast.employee-events", 1, 12);
    EmployeeWork work = EmployeeWork.of(List.of(new WorkItem.TransferEmployee("00000007", "Sales", "Ops", 3, newer),
        new WorkItem.ReindexEmployee("00000007", 2, older))).get(new EmployeeId(7));

    assertThat(work.version()).isEqualTo(3);
    assertThat(work.source()).contains(newer);
    assertThat(work.aheadOf(Optional.empty())).isTrue();
    assertThat(work.aheadOf(Optional.of(truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"))))).as("version 1 < 3").isTrue();
    assertThat(work.aheadOf(Optional.of(truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "Sales", "Ann", "Li", "a@x.io", 30),
        transferred(7, 3, "Sales", "Ops"))))).isFalse();
    assertThat(EmployeeWork.of(List.of(new WorkItem.ManagerAssigned("Ops", "00000007", 5))).get(new EmployeeId(7)).aheadOf(Optional.empty()))
        .as("a manager's item carries the department's version").isFalse();
  }

  @Test
  void mergesAMessagesItemsByEmployee() {
    Map<EmployeeId, EmployeeWork> work = EmployeeWork.of(List.of(
        new WorkItem.TransferEmployee("00000007", "Sales", "Ops", 2),
        new WorkItem.ReindexEmployee("00000008", 1),
        new WorkItem.TransferEmployee("00000007", "Ops", "R-D", 3),
        new WorkItem.ManagerAssigned("Ops", "00000007", 5)));

    assertThat(work).containsOnlyKeys(new EmployeeId(7), new EmployeeId(8));
    EmployeeWork seven = work.get(new EmployeeId(7));
    assertThat(seven.namedDepartments()).containsExactlyInAnyOrder("Sales", "Ops", "R-D");
    assertThat(seven.managedDepartments()).containsExactly("Ops");
    assertThat(seven.place()).isTrue();
    assertThat(work.get(new EmployeeId(8)).place()).as("a hire's rows are the projector's").isFalse();
  }

  @Test
  void refusesIdsThatCannotExist() {
    assertThatThrownBy(() -> EmployeeWork.of(List.of(new WorkItem.TransferEmployee("00000007", "Sales", "no/such", 2))))
        .hasMessage("department id 'no/such' cannot exist");
    assertThatThrownBy(() -> EmployeeWork.of(List.of(new WorkItem.ReindexEmployee("seven", 2))))
        .hasMessage("employee id 'seven' cannot exist");
  }

  @Test
  void placesAnActiveEmployeeWhereTheTruthSaysWhateverTheItemsSay() {
    EmployeeWork work = EmployeeWork.of(List.of(new WorkItem.TransferEmployee("00000007", "Sales", "Ops", 2))).get(new EmployeeId(7));
    ViewEntity backInSales = truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops"), transferred(7, 3, "Ops", "Sales"));

    assertThat(work.placements(backInSales)).containsExactly(
        Map.entry("Sales", Optional.of(TruthRows.employee(backInSales))), Map.entry("Ops", Optional.empty()));
    assertThat(work.archiveCopy(backInSales)).isEmpty();
  }

  @Test
  void takesAnArchivedEmployeeOutOfEveryDepartmentAndIntoTheArchive() {
    EmployeeWork work = EmployeeWork.of(List.of(new WorkItem.ArchiveEmployee("00000007", "Ops", 3))).get(new EmployeeId(7));
    ViewEntity gone = truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops"), archived(7, 3, "Ops", "left"));

    assertThat(work.placements(gone)).containsExactly(Map.entry("Ops", Optional.empty()));
    assertThat(work.archiveCopy(gone)).contains(TruthRows.archived(gone));
  }
}
