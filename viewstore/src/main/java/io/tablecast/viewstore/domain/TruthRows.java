package io.tablecast.viewstore.domain;

import static io.tablecast.common.tables.EmployeesLayout.AGE;
import static io.tablecast.common.tables.EmployeesLayout.EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.EMPLOYEE_ID;
import static io.tablecast.common.tables.EmployeesLayout.FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.HIRED_AT;
import static io.tablecast.common.tables.EmployeesLayout.LAST_NAME;
import static io.tablecast.common.tables.IndexLayout.ARCHIVED_AT;
import static io.tablecast.common.tables.IndexLayout.DEPARTMENT_ID;
import static io.tablecast.common.tables.IndexLayout.EMAIL_CLAIMED_AT;
import static io.tablecast.common.tables.IndexLayout.REASON;

import io.tablecast.common.tables.EmployeesLayout;
import io.tablecast.common.tables.IndexLayout;
import io.tablecast.events.EmployeeId;

/**
 * The rows the queue workers derive from an employee's locator, the truth (SPEC §4): the same
 * properties, version and event id as the projector would write for that state.
 */
public final class TruthRows {

  public static final String TYPE_ARCHIVED = "ArchivedEmployee";

  private TruthRows() {}

  /** The {@code empid_} row in {@code Employees}. */
  public static ViewEntity employee(ViewEntity locator) {
    return copy(locator, ViewEntity.of(EmployeesLayout.employee(id(locator)), EmployeesLayout.TYPE_EMPLOYEE))
        .with(EMAIL_CLAIMED_AT, locator.instant(EMAIL_CLAIMED_AT));
  }

  /** The row in {@code ArchivedEmployees}: the employee, when and why it was archived. */
  public static ViewEntity archived(ViewEntity locator) {
    ViewEntity row = copy(locator, ViewEntity.of(EmployeesLayout.employee(id(locator)), TYPE_ARCHIVED))
        .with(ARCHIVED_AT, locator.instant(ARCHIVED_AT));
    return locator.optionalString(REASON).map(r -> row.with(REASON, r)).orElse(row);
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
    return IndexLayout.ACTIVE.equals(locator.string(IndexLayout.STATUS));
  }

  public static EmployeeId id(ViewEntity locator) {
    return EmployeeId.parse(locator.string(EMPLOYEE_ID));
  }

  private static ViewEntity copy(ViewEntity locator, ViewEntity row) {
    return row
        .with(EMPLOYEE_ID, locator.string(EMPLOYEE_ID))
        .with(FIRST_NAME, locator.string(FIRST_NAME))
        .with(LAST_NAME, locator.string(LAST_NAME))
        .with(EMAIL, locator.string(EMAIL))
        .with(AGE, locator.integer(AGE))
        .with(HIRED_AT, locator.instant(HIRED_AT))
        .stamped(locator.version(), locator.string(ViewEntity.EVENT_ID));
  }
}
