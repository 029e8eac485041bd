package io.tablecast.hr.steps;

import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.TableScan;
import io.tablecast.projection.UnfinishedWork;
import io.tablecast.projection.Work;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The work HR's tables show unfinished (docs/work-items.md, "After a crash"): every employee whose
 * worker row does not follow its locator gets the items that put it in order ({@link
 * PendingItems}), and every department's manager is followed again.
 *
 * <p>Reads every locator and worker row, and the keys of the employee rows only when some work is
 * pending: range queries over whole tables, holding one partition's rows at a time.
 */
final class UnfinishedHrWork implements UnfinishedWork {

  private static final String EMPLOYEE_ROWS = "RowKey ge '" + EmployeesLayout.EMPLOYEE_PREFIX + "' and RowKey lt 'empid`'";
  private static final String LOCATOR_AND_WORKER_ROWS = "RowKey eq '" + IndexLayout.ROW + "' or RowKey eq '" + IndexLayout.WORKER_ROW + "'";
  private static final Set<String> KEYS_ONLY = Set.of("PartitionKey", "RowKey");

  @Override
  public Found find(TableScan tables) {
    Map<EmployeeId, LocatorRow> pending = new LinkedHashMap<>();
    long[] employees = {0};
    locators(tables, (employee, locator, state) -> {
      employees[0]++;
      if (!PendingItems.settled(locator, state)) {
        pending.put(employee, locator);
      }
    });
    List<Work> items = new ArrayList<>();
    if (!pending.isEmpty()) {
      Map<EmployeeId, Set<String>> holding = departmentsHolding(tables, pending.keySet());
      pending.forEach((employee, locator) -> items.addAll(PendingItems.of(employee, locator, holding.getOrDefault(employee, Set.of()))));
    }
    List<Work> managers = managers(tables);
    items.addAll(managers);
    return new Found(items, pending.size() + " of " + employees[0] + " employees not settled, " + managers.size()
        + " departments with a manager");
  }

  /** Told of each employee that has a locator. */
  private interface EmployeeVisitor {
    void visit(EmployeeId employee, LocatorRow locator, WorkerRow state);
  }

  /** Visits every employee that has a locator, with its worker row ({@link WorkerRow#NONE} if none). */
  private static void locators(TableScan tables, EmployeeVisitor visitor) {
    LocatorRow[] locator = {null};
    String[] partition = {null};
    tables.each(ViewTable.EMPLOYEE_INDEX, LOCATOR_AND_WORKER_ROWS, Set.of(), row -> {
      if (!row.partitionKey().startsWith(EmployeesLayout.EMPLOYEE_PREFIX)) {
        return; // the email index's partitions
      }
      if (!row.partitionKey().equals(partition[0])) {
        visit(partition[0], locator[0], WorkerRow.NONE, visitor);
        partition[0] = row.partitionKey();
        locator[0] = null;
      }
      if (row.rowKey().equals(IndexLayout.ROW)) {
        locator[0] = LocatorRow.from(row.properties());
      } else {
        visit(partition[0], locator[0], WorkerRow.from(row.properties()), visitor);
        locator[0] = null;
      }
    });
    visit(partition[0], locator[0], WorkerRow.NONE, visitor);
  }

  /** Rows come sorted by key, the locator ({@code employee}) before the state ({@code worker}). */
  private static void visit(String partition, LocatorRow locator, WorkerRow state, EmployeeVisitor visitor) {
    if (locator != null) {
      employeeId(partition).ifPresent(id -> visitor.visit(id, locator, state));
    }
  }

  /** For each of these employees, the departments whose {@code Employees} partitions hold a row of it. */
  private static Map<EmployeeId, Set<String>> departmentsHolding(TableScan tables, Set<EmployeeId> wanted) {
    Map<EmployeeId, Set<String>> holding = new HashMap<>();
    tables.each(ViewTable.EMPLOYEES, EMPLOYEE_ROWS, KEYS_ONLY, row -> employeeId(row.rowKey())
        .filter(wanted::contains)
        .ifPresent(id -> holding.computeIfAbsent(id, k -> new TreeSet<>()).add(row.partitionKey())));
    return holding;
  }

  /** A manager-assigned item for every department that names a manager, at the department's version. */
  private static List<Work> managers(TableScan tables) {
    List<Work> managers = new ArrayList<>();
    tables.each(ViewTable.EMPLOYEES, "RowKey eq '" + EmployeesLayout.DEPARTMENT + "'", Set.of(), row -> {
      DepartmentRow department = DepartmentRow.from(row.properties());
      Optional.ofNullable(department.managerId()).ifPresent(manager ->
          managers.add(PendingItems.managerOf(row.partitionKey(), manager, department.version())));
    });
    return managers;
  }

  /** {@code empid_<id8>}, as a PartitionKey of the index or a RowKey of {@code Employees}. */
  private static Optional<EmployeeId> employeeId(String key) {
    return key == null || !key.startsWith(EmployeesLayout.EMPLOYEE_PREFIX) ? Optional.empty()
        : EmployeeId.tryParse(key.substring(EmployeesLayout.EMPLOYEE_PREFIX.length()));
  }
}
