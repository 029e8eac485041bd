package io.tablecast.hr.audit;

import io.tablecast.common.tables.Keys;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmployeeActivity;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.EmailClaim;
import io.tablecast.hr.tables.rows.EmailCopyRow;
import io.tablecast.hr.tables.rows.EmailEntryRow;
import io.tablecast.hr.tables.rows.EmployeeRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
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
 *   <li>{@code EmployeeIndex}: the locator ({@link EmployeeLocators#fold}), and while active the
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
  public record Expected(Optional<LocatorRow> locator, List<RowChange.Put> rows, Optional<LastNameEntry> lastName) {}

  private EmployeeAudit() {}

  /** @param events every event of one employee, in version order (duplicates allowed) */
  public static Expected of(String employeeId, List<? extends EmployeeEvent> events) {
    Optional<LocatorRow> locator = EmployeeLocators.fold(Optional.empty(), events);
    List<RowChange.Put> rows = new ArrayList<>(locator.map(EmployeeAudit::stateRows).orElse(List.of()));
    rows.addAll(activity(events));
    Optional<LastNameEntry> lastName = locator.filter(LocatorRow::isActive).map(l -> new LastNameEntry(
        Keys.key(l.employee().lastName().toLowerCase(Locale.ROOT)), l.departmentId(), employeeId));
    return new Expected(locator, rows, lastName);
  }

  /** The rows the truth calls for, each written by its row's own codec, as the projector and the workers write them. */
  private static List<RowChange.Put> stateRows(LocatorRow truth) {
    String department = truth.departmentId();
    String employee = EmployeesLayout.employee(truth.id());
    List<RowChange.Put> rows = new ArrayList<>();
    rows.add(new RowChange.Put(EmployeeLocators.ref(truth.id()), truth.properties()));
    if (truth.isActive()) {
      EmployeeRow row = truth.employeeRow();
      EmailClaim claim = EmailClaim.of(row);
      rows.add(new RowChange.Put(DepartmentPartitions.ref(department, employee), row.properties()));
      rows.add(new RowChange.Put(DepartmentPartitions.ref(department, EmployeesLayout.email(claim.email())),
          new EmailCopyRow(claim).properties()));
      rows.add(new RowChange.Put(new RowRef(ViewTable.EMPLOYEE_INDEX, IndexLayout.emailPartition(truth.employee().email()),
          IndexLayout.ROW), new EmailEntryRow(claim, department).properties()));
    } else {
      rows.add(new RowChange.Put(new RowRef(ViewTable.ARCHIVED_EMPLOYEES, department, employee), truth.archivedRow().properties()));
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
