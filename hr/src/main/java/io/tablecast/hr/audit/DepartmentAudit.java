package io.tablecast.hr.audit;

import static io.tablecast.hr.tables.EmployeesLayout.DEPARTMENT;

import io.tablecast.events.DepartmentEvent;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.work.DepartmentPartition;
import io.tablecast.hr.work.ManagerFields;
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
  /** Each department's summary as its fold left it, decoded once: every employee counted looks at them all. */
  private final Map<String, DepartmentRow> summaries = new TreeMap<>();
  private final Map<String, Integer> counts = new HashMap<>();
  /** The final locators of the employees some summary names as manager. */
  private final Map<String, LocatorRow> managers = new HashMap<>();

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
    Map<String, Map<String, Object>> current = summaries.containsKey(department)
        ? Map.of(DEPARTMENT, summaries.get(department).properties()) : Map.of();
    Map<String, Object> next = DepartmentPartition.fold(current, List.of(event)).get(DEPARTMENT);
    Optional<String> violation = refusal.apply(new RowChange.Put(DepartmentPartitions.ref(department, DEPARTMENT), next));
    if (violation.isEmpty()) {
      summaries.put(department, DepartmentRow.from(next));
    }
    return violation;
  }

  /** Takes one employee's final locator into the counts, and as a manager's current details. */
  public void count(LocatorRow locator) {
    if (locator.isActive()) {
      counts.merge(locator.departmentId(), 1, Integer::sum);
    }
    String id = locator.id().canonical();
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
    Map<String, DepartmentRow> all = new TreeMap<>(summaries);
    counts.keySet().forEach(department -> all.computeIfAbsent(department, d -> DepartmentRow.placeholder()));
    List<RowChange.Put> rows = new ArrayList<>();
    all.forEach((department, summary) ->
        rows.add(new RowChange.Put(DepartmentPartitions.ref(department, DEPARTMENT), complete(department, summary).properties())));
    return rows;
  }

  private DepartmentRow complete(String department, DepartmentRow summary) {
    DepartmentRow counted = summary.withEmployeeCount(counts.getOrDefault(department, 0));
    return Optional.ofNullable(counted.managerId()).map(managers::get).map(manager -> ManagerFields.follow(counted, manager))
        .orElse(counted);
  }
}
