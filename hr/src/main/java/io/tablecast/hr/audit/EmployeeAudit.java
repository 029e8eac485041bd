package io.tablecast.hr.audit;

import io.tablecast.common.tables.Keys;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.EmployeeActivity;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.hr.work.EmployeeLocator;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.projection.RowChange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the views must hold for one employee at quiescence, from that employee's events alone,
 * with the production folds (SPEC §3, §9). Pure.
 *
 * <ul>
 *   <li>{@code EmployeeIndex}: the locator ({@link EmployeeLocator#fold}), and while active the
 *       entry under its address.
 *   <li>{@code Employees}: while active, the {@code empid_} row and its {@code email_} copy in
 *       the employee's department.
 *   <li>{@code ArchivedEmployees}: once archived, the copy in the department it left.
 *   <li>{@code EmployeeActivity}: one row per event ({@link EmployeeActivity}).
 *   <li>{@code EmployeesByLastName}: while active, the employee under its last name and
 *       department.
 * </ul>
 */
public final class EmployeeAudit {

  /** The expected rows of one employee, and its final locator for the department summaries. */
  public record Expected(Optional<ViewEntity> locator, List<RowChange.Put> rows, Optional<LastNameEntry> lastName) {}

  private EmployeeAudit() {}

  /** @param events every event of one employee, in version order (duplicates allowed) */
  public static Expected of(String employeeId, List<? extends EmployeeEvent> events) {
    Optional<ViewEntity> locator = EmployeeLocator.fold(Optional.empty(), events);
    List<RowChange.Put> rows = new ArrayList<>(locator.map(EmployeeAudit::stateRows).orElse(List.of()));
    rows.addAll(activity(events));
    Optional<LastNameEntry> lastName = locator.map(TruthRows::locator).filter(LocatorRow::isActive).map(l -> new LastNameEntry(
        Keys.key(l.employee().lastName().toLowerCase(Locale.ROOT)), l.departmentId(), employeeId));
    return new Expected(locator, rows, lastName);
  }

  private static List<RowChange.Put> stateRows(ViewEntity locator) {
    LocatorRow truth = TruthRows.locator(locator);
    String department = truth.departmentId();
    List<RowChange.Put> rows = new ArrayList<>();
    rows.add(locator.at(ViewTable.EMPLOYEE_INDEX, IndexLayout.locatorPartition(truth.id())));
    if (truth.isActive()) {
      ViewEntity employee = TruthRows.employee(locator);
      rows.add(employee.at(ViewTable.EMPLOYEES, department));
      rows.add(TruthRows.emailCopy(employee).at(ViewTable.EMPLOYEES, department));
      rows.add(TruthRows.emailEntry(locator).at(ViewTable.EMPLOYEE_INDEX, IndexLayout.emailPartition(truth.employee().email())));
    } else {
      rows.add(TruthRows.archived(locator).at(ViewTable.ARCHIVED_EMPLOYEES, department));
    }
    return rows;
  }

  /** One row per event; a redelivered event has the same RowKey and is listed once. */
  private static List<RowChange.Put> activity(List<? extends EmployeeEvent> events) {
    Map<String, RowChange.Put> rows = new LinkedHashMap<>();
    for (EmployeeEvent event : events) {
      RowChange.Put row = EmployeeActivity.row(event);
      rows.putIfAbsent(row.ref().rowKey(), row);
    }
    return List.copyOf(rows.values());
  }
}
