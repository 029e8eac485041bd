package io.tablecast.hr.work;

import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.rows.EmailClaim;
import io.tablecast.hr.tables.rows.EmailCopyRow;
import io.tablecast.hr.tables.rows.EmailEntryRow;
import io.tablecast.hr.tables.rows.EmployeeRow;
import io.tablecast.hr.tables.rows.LocatorRow;

/**
 * The rows the queue workers derive from an employee's locator, the truth (SPEC §4): the same
 * properties, version and event id as the projector would write for that state, each written by
 * its row's own codec ({@code io.tablecast.hr.tables.rows}).
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

  /**
   * The {@code email_} copy in {@code Employees} of an {@code empid_} row: the same names, address
   * and claim, and the employee's current version.
   */
  public static ViewEntity emailCopy(ViewEntity employee) {
    EmailClaim claim = EmailClaim.of(EmployeeRow.from(employee.properties()));
    return new ViewEntity(EmployeesLayout.email(claim.email()), new EmailCopyRow(claim).properties());
  }

  /** The {@code EmployeeIndex} entry under the employee's email. */
  public static ViewEntity emailEntry(ViewEntity locator) {
    LocatorRow truth = locator(locator);
    return new ViewEntity(IndexLayout.ROW, new EmailEntryRow(EmailClaim.of(truth.employeeRow()), truth.departmentId()).properties());
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
