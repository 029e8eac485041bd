package io.tablecast.projector.domain.work;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.work.EmployeeLocator;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState;
import io.tablecast.hr.work.WorkerState.IndexEntries;
import io.tablecast.hr.work.WorkerState.LastNameEntry;
import io.tablecast.hr.work.WorkerState.Lease;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Given a locator and the workers' state of an employee after a crash, what is queued again. */
class PendingItemsTest {

  private static final EmployeeId ANN = new EmployeeId(7);

  private static ViewEntity locator(EmployeeEvent... history) {
    return EmployeeLocator.fold(Optional.empty(), List.of(history)).orElseThrow();
  }

  private static WorkerState committedAt(long version, String department) {
    return new WorkerState(new IndexEntries(Optional.of("ann@x.io"), Optional.of(new LastNameEntry("Lee", department))),
        Set.of(), Set.of(), Set.of(), version, Optional.empty());
  }

  @Test
  void anEmployeeWhoseWorkersStateFollowsItsLocatorHasNothingPending() {
    ViewEntity moved = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"));

    assertThat(PendingItems.settled(moved, committedAt(2, "Ops"))).isTrue();
  }

  @Test
  void aStateBehindItsLocator_halfDone_orMissingIsPending() {
    ViewEntity moved = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"));

    assertThat(PendingItems.settled(moved, committedAt(1, "Sales"))).as("the transfer's work was lost").isFalse();
    assertThat(PendingItems.settled(moved, WorkerState.NONE)).as("never indexed").isFalse();
    WorkerState leased = committedAt(2, "Ops").intent(IndexEntries.of(Optional.of(moved)), Set.of(),
        new Lease("dead/1", Instant.parse("2026-11-27T00:00:00Z")));
    assertThat(PendingItems.settled(moved, leased)).as("a worker stopped half-way").isFalse();
  }

  @Test
  void anActiveEmployeeIsMovedOutOfEveryOtherDepartmentThatHoldsItAndReindexedAtItsLocatorsVersion() {
    ViewEntity moved = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"), transferred(7, 3, "Ops", "HR"));

    assertThat(PendingItems.of(ANN, moved, Set.of("Sales", "HR"))).containsExactly(
        new WorkItem.TransferEmployee("00000007", "Sales", "HR", 3),
        new WorkItem.ReindexEmployee("00000007", 3));
  }

  @Test
  void anArchivedEmployeeIsArchivedOutOfItsDepartmentAndEveryOtherThatHoldsIt() {
    ViewEntity gone = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"), archived(7, 3, "Ops", null));

    assertThat(PendingItems.of(ANN, gone, Set.of("Sales"))).containsExactly(
        new WorkItem.ArchiveEmployee("00000007", "Ops", 3), new WorkItem.ArchiveEmployee("00000007", "Sales", 3));
  }

  @Test
  void itemsAfterACrashReconcileAsTheyAreDone_notAgainstAnEventOfTheLog() {
    ViewEntity hiredOnly = locator(hired(7, "Sales", "Ann", "Lee", "ann@x.io"));

    assertThat(PendingItems.of(ANN, hiredOnly, Set.of("Sales"))).allSatisfy(item -> assertThat(item.origin()).isEmpty());
  }
}
