package io.tablecast.hr.audit;

import static io.tablecast.hr.tables.EmployeesLayout.DEPARTMENT;

import io.tablecast.events.DepartmentEvent;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.hr.work.DepartmentPartition;
import io.tablecast.hr.work.ManagerFields;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.projection.RowChange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The department summaries that {@code Employees} must hold at quiescence: each department's own
 * fold ({@link DepartmentPartition}), with {@code EmployeeCount} counting its active employees and
 * the manager fields following the manager's current details ({@link ManagerFields}). Pure.
 *
 * <p>Memory is O(departments): the summaries, one count and one manager locator per department.
 * Departments are folded first; employees are then {@link #count counted} one at a time.
 */
public final class DepartmentAudit {

  private final Function<RowChange.Put, Optional<String>> refusal;
  private final Map<String, ViewEntity> summaries = new TreeMap<>();
  private final Map<String, Integer> counts = new HashMap<>();
  private final Map<String, ViewEntity> managers = new HashMap<>();

  /** @param refusal why the store would refuse a row; empty when it would take it */
  public DepartmentAudit(Function<RowChange.Put, Optional<String>> refusal) {
    this.refusal = refusal;
  }

  /**
   * Folds one department event into its summary, version-guarded as the projector does; leaves
   * the summary as it was, and says why, when the store would refuse the summary it makes.
   */
  public Optional<String> apply(DepartmentEvent event) {
    String department = event.departmentId().value();
    Map<String, ViewEntity> current = summaries.containsKey(department) ? Map.of(DEPARTMENT, summaries.get(department)) : Map.of();
    ViewEntity next = DepartmentPartition.fold(current, List.of(event)).get(DEPARTMENT);
    Optional<String> violation = refusal.apply(next.at(ViewTable.EMPLOYEES, department));
    if (violation.isEmpty()) {
      summaries.put(department, next);
    }
    return violation;
  }

  /** Takes one employee's final locator into the counts, and as a manager's current details. */
  public void count(ViewEntity locator) {
    LocatorRow truth = TruthRows.locator(locator);
    if (truth.isActive()) {
      counts.merge(truth.departmentId(), 1, Integer::sum);
    }
    String id = truth.id().canonical();
    if (summaries.values().stream().anyMatch(s -> ManagerFields.managedBy(s, id))) {
      managers.put(id, locator);
    }
  }

  /** The departments whose summary names {@code employeeId} as manager. */
  public Set<String> managedBy(String employeeId) {
    Set<String> managed = new TreeSet<>();
    summaries.forEach((department, summary) -> {
      if (ManagerFields.managedBy(summary, employeeId)) {
        managed.add(department);
      }
    });
    return managed;
  }

  /**
   * One summary per department, plus a placeholder (no name, version 0, as the projector creates
   * it) for a department that has active employees but no event of its own.
   */
  public List<RowChange.Put> summaries() {
    Map<String, ViewEntity> all = new TreeMap<>(summaries);
    counts.keySet().forEach(d -> all.computeIfAbsent(d, k -> new ViewEntity(DEPARTMENT, DepartmentRow.placeholder().properties())));
    List<RowChange.Put> rows = new ArrayList<>();
    all.forEach((department, summary) -> rows.add(complete(department, summary).at(ViewTable.EMPLOYEES, department)));
    return rows;
  }

  private ViewEntity complete(String department, ViewEntity summary) {
    DepartmentRow row = DepartmentRow.from(summary.properties()).withEmployeeCount(counts.getOrDefault(department, 0));
    ViewEntity counted = new ViewEntity(DEPARTMENT, row.properties());
    return Optional.ofNullable(row.managerId()).map(managers::get)
        .map(manager -> ManagerFields.follow(counted, TruthRows.id(manager).canonical(), manager))
        .orElse(counted);
  }
}
