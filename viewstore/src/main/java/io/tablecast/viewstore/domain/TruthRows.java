package io.tablecast.viewstore.domain;

import static io.tablecast.common.tables.EmployeesLayout.EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.EMPLOYEE_ID;
import static io.tablecast.common.tables.EmployeesLayout.FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.LAST_NAME;
import static io.tablecast.common.tables.IndexLayout.DEPARTMENT_ID;
import static io.tablecast.common.tables.IndexLayout.EMAIL_CLAIMED_AT;

import io.tablecast.common.tables.EmployeesLayout;
import io.tablecast.common.tables.IndexLayout;
import io.tablecast.common.tables.rows.EmployeeDetails;
import io.tablecast.common.tables.rows.LocatorRow;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;

/**
 * The rows the queue workers derive from an employee's locator, the truth (SPEC §4): the same
 * properties, version and event id as the projector would write for that state. The employee
 * rows are the locator's own {@link LocatorRow#employeeRow()} and {@link LocatorRow#archivedRow()}.
 */
public final class TruthRows {

  private TruthRows() {}

  /** The {@code empid_} row in {@code Employees}. */
  public static ViewEntity employee(ViewEntity locator) {
    LocatorRow truth = locator(locator);
    return new ViewEntity(EmployeesLayout.employee(truth.id()), truth.employeeRow().properties());
  }

  /** The row in {@code ArchivedEmployees}: the employee, when and why it was archived. */
  public static ViewEntity archived(ViewEntity locator) {
    LocatorRow truth = locator(locator);
    return new ViewEntity(EmployeesLayout.employee(truth.id()), truth.archivedRow().properties());
  }

  /** Who an employee is from its hire on: what the {@code empid_} row and the locator start from. */
  public static EmployeeDetails hired(EmployeeHired e) {
    return new EmployeeDetails(e.employeeId().canonical(), e.firstName(), e.lastName(), e.email(), e.age(),
        e.metadata().occurredAt());
  }

  /**
   * The {@code email_} copy in {@code Employees} of an {@code empid_} row (or of a locator): the
   * same names, address and claim, and the employee's current version.
   */
  public static ViewEntity emailCopy(ViewEntity employee) {
    return claim(employee, ViewEntity.of(EmployeesLayout.email(employee.string(EMAIL)), EmployeesLayout.TYPE_EMAIL));
  }

  /** The {@code EmployeeIndex} entry under the employee's email. */
  public static ViewEntity emailEntry(ViewEntity locator) {
    return claim(locator, ViewEntity.of(IndexLayout.ROW, IndexLayout.TYPE_EMAIL_INDEX))
        .with(DEPARTMENT_ID, locator.string(DEPARTMENT_ID));
  }

  /** Who holds the address, since when, at which version: what both email rows carry. */
  private static ViewEntity claim(ViewEntity holder, ViewEntity row) {
    return row
        .with(EMPLOYEE_ID, holder.string(EMPLOYEE_ID))
        .with(FIRST_NAME, holder.string(FIRST_NAME))
        .with(LAST_NAME, holder.string(LAST_NAME))
        .with(EMAIL, holder.string(EMAIL))
        .with(EMAIL_CLAIMED_AT, holder.instant(EMAIL_CLAIMED_AT))
        .stamped(holder.version(), holder.string(ViewEntity.EVENT_ID));
  }

  public static boolean isActive(ViewEntity locator) {
    return locator(locator).isActive();
  }

  public static EmployeeId id(ViewEntity locator) {
    return locator(locator).id();
  }

  /** The locator that {@code row} holds. */
  public static LocatorRow locator(ViewEntity row) {
    return LocatorRow.from(row.properties());
  }
}
