package io.tablecast.hr.steps;

import io.tablecast.events.EmployeeId;
import io.tablecast.hr.steps.WorkerRow.IndexEntries;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.Work;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The work to queue again for one employee after the store may have lost writes
 * (docs/work-items.md, "After a crash"). Pure.
 *
 * <p>The store loses a suffix of its writes, never a write without those before it, but its
 * tables and its queues lose theirs independently. What the steps finished for a locator is
 * therefore exactly what its worker row says: an employee whose worker row follows its locator has
 * nothing pending, whatever happened to the queues. Any other one gets items that make a step put
 * it in order: its rows where the locator says and nowhere else (every department that holds a row
 * of it is named), its indexes, and the departments it manages.
 */
final class PendingItems {

  private PendingItems() {}

  /** Whether the worker row follows the locator: then none of the employee's work is pending. */
  static boolean settled(LocatorRow locator, WorkerRow state) {
    return state.follows(IndexEntries.of(locator), Set.of(), locator.version());
  }

  /**
   * Items for an employee that is not {@link #settled}, carrying no source: they reconcile
   * against the locator as it is when they are done.
   *
   * @param holding the departments whose partitions of {@code Employees} hold a row of it
   */
  static List<Work> of(EmployeeId employee, LocatorRow locator, Set<String> holding) {
    String id = employee.canonical();
    String home = locator.departmentId();
    long version = locator.version();
    List<EmployeeItem> items = new ArrayList<>();
    if (!locator.isActive()) {
      Set<String> departments = new TreeSet<>(holding);
      departments.add(home);
      departments.forEach(department -> items.add(EmployeeItem.archive(id, department, version)));
    } else {
      new TreeSet<>(holding).stream().filter(department -> !department.equals(home))
          .forEach(stray -> items.add(EmployeeItem.transfer(id, stray, home, version)));
      items.add(EmployeeItem.reindex(id, version));
    }
    return items.stream().map(item -> EmployeeStep.of(item).askFor(item)).toList();
  }

  /** The item that makes a department's manager fields follow its manager. */
  static Work managerOf(String departmentId, String managerId, long departmentVersion) {
    EmployeeItem item = EmployeeItem.managerAssigned(departmentId, managerId, departmentVersion);
    return EmployeeStep.of(item).askFor(item);
  }
}
