package io.tablecast.hr.steps;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What one item of HR's steps makes of the rows it reads, turn after turn. */
class ReconciliationTest {

  private static final EmployeeId ANN = new EmployeeId(7);
  private static final RowRef SUMMARY = DepartmentPartitions.ref("Sales", EmployeesLayout.DEPARTMENT);
  private static final RowRef WORKER_ROW = Reconciliation.workerRef(ANN);

  /**
   * The engine writes an item's intent row before the other partitions: when the summary's write
   * then loses its race, the next attempt reads that intent, which no longer lists the department
   * as managed, and must still clear the archived manager from its summary.
   */
  @Test
  void anArchivedManagersAttemptCutShortAfterItsIntentIsFollowedByOneThatStillClearsTheManager() {
    Map<RowRef, Map<String, Object>> rows = managedByAnn();
    RowRef locator = EmployeeLocators.ref(ANN);
    rows.put(locator, EmployeeLocators.fold(Optional.of(LocatorRow.from(rows.get(locator))), List.of(archived(7, 2, "Sales", "left")))
        .orElseThrow().properties());
    EmployeeItem archive = EmployeeItem.archive(ANN.canonical(), "Sales", 2);

    List<RowChange> first = Reconciliation.changes(archive, of(rows));
    assertThat(managerAfter(first)).as("the first attempt").contains(Optional.empty());

    WorkerRow intent = WorkerRow.from(put(first, WORKER_ROW));
    assertThat(intent.managed()).as("the intent's managed departments").isEmpty();
    assertThat(intent.releasing()).containsExactly("Sales");
    rows.put(WORKER_ROW, intent.properties()); // its intent written, its summary's write lost
    List<RowChange> again = Reconciliation.changes(archive, of(rows));

    assertThat(managerAfter(again)).as("the next attempt, over the intent").contains(Optional.empty());
    assertThat(again).as("the intent, as the next attempt leaves it").noneMatch(change -> change.ref().equals(WORKER_ROW));
    assertThat(intent.settled().properties()).as("once settled").doesNotContainKey(WorkerRow.RELEASING);
  }

  @Test
  void aReindexOfAManagerWhoseRowSettledFollowsNoReleasedDepartment() {
    Map<RowRef, Map<String, Object>> rows = managedByAnn();

    List<RowChange> changes = Reconciliation.changes(EmployeeItem.reindex(ANN.canonical(), 1), of(rows));

    assertThat(changes).as("a settled row at the locator's version: nothing to do").isEmpty();
    assertThat(WorkerRow.from(rows.get(WORKER_ROW)).managed()).containsExactly("Sales");
    assertThat(WorkerRow.from(rows.get(WORKER_ROW)).releasing()).isEmpty();
  }

  /** Sales managed by Ann, once all the work ran. */
  private static Map<RowRef, Map<String, Object>> managedByAnn() {
    InMemoryViews<DomainEvent> views = new InMemoryViews<>(HrProjections.VIEWS.projections());
    views.apply(List.of(departmentCreated("Sales", "Sales"), hired(7, "Sales", "Ann", "Lee", "a@x.io"),
        managerAssigned("Sales", 2, 7, "Ann", "Lee", "a@x.io")));
    Map<RowRef, Map<String, Object>> rows = new HashMap<>(views.rows());
    assertThat(DepartmentRow.from(rows.get(SUMMARY)).managerId()).as("the manager before").isEqualTo(ANN.canonical());
    return rows;
  }

  private static Rows of(Map<RowRef, Map<String, Object>> rows) {
    return ref -> Optional.ofNullable(rows.get(ref));
  }

  /** The summary's manager after {@code changes}: empty when they leave the summary alone. */
  private static Optional<Optional<String>> managerAfter(List<RowChange> changes) {
    return changes.stream().filter(change -> change.ref().equals(SUMMARY)).findFirst()
        .map(change -> Optional.ofNullable(DepartmentRow.from(((RowChange.Put) change).properties()).managerId()));
  }

  private static Map<String, Object> put(List<RowChange> changes, RowRef ref) {
    return changes.stream().filter(change -> change.ref().equals(ref)).map(change -> ((RowChange.Put) change).properties())
        .findFirst().orElseThrow(() -> new AssertionError("no put of " + ref + " in " + changes));
  }
}
