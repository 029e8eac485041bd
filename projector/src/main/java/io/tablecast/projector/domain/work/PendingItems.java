package io.tablecast.projector.domain.work;

import io.tablecast.events.EmployeeId;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState;
import io.tablecast.hr.work.WorkerState.IndexEntries;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The work to queue again for one employee after the store may have lost writes
 * (docs/work-items.md, "After a crash"). Pure.
 *
 * <p>The store loses a suffix of its writes, never a write without those before it, but its
 * tables and its queues lose theirs independently. What the workers finished for a locator is
 * therefore exactly what their state row says: an employee whose state follows its locator has
 * nothing pending, whatever happened to the queues. Any other one gets items that make a worker
 * put it in order: its rows where the locator says and nowhere else (every department that holds
 * a row of it is named), its indexes, and the departments it manages.
 */
public final class PendingItems {

  private PendingItems() {}

  /** Whether the workers' state follows the locator: then none of the employee's work is pending. */
  public static boolean settled(ViewEntity locator, WorkerState state) {
    return state.settled(IndexEntries.of(Optional.of(locator)), Set.of(), locator.version());
  }

  /**
   * Items for an employee that is not {@link #settled}, carrying no source: they reconcile
   * against the locator as it is when they are done.
   *
   * @param holding the departments whose partitions of {@code Employees} hold a row of it
   */
  public static List<WorkItem> of(EmployeeId employee, ViewEntity locator, Set<String> holding) {
    String id = employee.canonical();
    String home = TruthRows.locator(locator).departmentId();
    long version = locator.version();
    List<WorkItem> items = new ArrayList<>();
    if (!TruthRows.isActive(locator)) {
      Set<String> departments = new TreeSet<>(holding);
      departments.add(home);
      departments.forEach(department -> items.add(new WorkItem.ArchiveEmployee(id, department, version)));
      return items;
    }
    new TreeSet<>(holding).stream().filter(department -> !department.equals(home))
        .forEach(stray -> items.add(new WorkItem.TransferEmployee(id, stray, home, version)));
    items.add(new WorkItem.ReindexEmployee(id, version));
    return items;
  }
}
