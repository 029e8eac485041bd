package io.tablecast.hr.steps;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.steps.WorkerRow.IndexEntries;
import io.tablecast.hr.steps.WorkerRow.LastNameEntry;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.Work;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Given a locator and the worker row of an employee after a crash, what is queued again. */
class PendingItemsTest {

  private static final EmployeeId ANN = new EmployeeId(7);

  private static LocatorRow locator(EmployeeEvent... history) {
    return EmployeeLocators.fold(Optional.empty(), List.of(history)).orElseThrow();
  }

  private static WorkerRow settledAt(long version, String department) {
    return new WorkerRow(new IndexEntries(Optional.of("ann@x.io"), Optional.of(new LastNameEntry("Lee", department))),
        Set.of(), Set.of(), Set.of(), version, OptionalLong.empty(), Set.of(), Set.of());
  }

  private static Work asked(EmployeeItem item) {
    return EmployeeStep.of(item).askFor(item);
  }

  @Test
  void anEmployeeWhoseWorkerRowFollowsItsLocatorHasNothingPending() {
    LocatorRow moved = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"));

    assertThat(PendingItems.settled(moved, settledAt(2, "Ops"))).isTrue();
  }

  @Test
  void aRowBehindItsLocator_halfDone_orMissingIsPending() {
    LocatorRow moved = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"));

    assertThat(PendingItems.settled(moved, settledAt(1, "Sales"))).as("the transfer's work was lost").isFalse();
    assertThat(PendingItems.settled(moved, WorkerRow.NONE)).as("never indexed").isFalse();
    WorkerRow cutShort = settledAt(1, "Sales").intent(IndexEntries.of(moved), Set.of())
        .settlingAt(2, Set.of("Sales", "Ops"), Set.of(), Set.of());
    assertThat(PendingItems.settled(moved, cutShort)).as("a turn stopped half-way").isFalse();
  }

  @Test
  void anActiveEmployeeIsMovedOutOfEveryOtherDepartmentThatHoldsItAndReindexedAtItsLocatorsVersion() {
    LocatorRow moved = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"),
        transferred(7, 3, "Ops", "HR"));

    assertThat(PendingItems.of(ANN, moved, Set.of("Sales", "HR"))).containsExactly(
        asked(EmployeeItem.transfer("00000007", "Sales", "HR", 3)),
        asked(EmployeeItem.reindex("00000007", 3)));
  }

  @Test
  void anArchivedEmployeeIsArchivedOutOfItsDepartmentAndEveryOtherThatHoldsIt() {
    LocatorRow gone = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"), archived(7, 3, "Ops", null));

    assertThat(PendingItems.of(ANN, gone, Set.of("Sales"))).containsExactly(
        asked(EmployeeItem.archive("00000007", "Ops", 3)), asked(EmployeeItem.archive("00000007", "Sales", 3)));
  }

  @Test
  void aDepartmentsManagerIsFollowedAgainAtTheDepartmentsVersion() {
    assertThat(PendingItems.managerOf("Ops", "00000007", 4)).isEqualTo(asked(EmployeeItem.managerAssigned("Ops", "00000007", 4)));
  }
}
