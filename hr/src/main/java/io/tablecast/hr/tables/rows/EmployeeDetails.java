package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.EmployeesLayout.AGE;
import static io.tablecast.hr.tables.EmployeesLayout.EMAIL;
import static io.tablecast.hr.tables.EmployeesLayout.EMPLOYEE_ID;
import static io.tablecast.hr.tables.EmployeesLayout.FIRST_NAME;
import static io.tablecast.hr.tables.EmployeesLayout.HIRED_AT;
import static io.tablecast.hr.tables.EmployeesLayout.LAST_NAME;

import java.time.Instant;
import java.util.Map;

/**
 * Who an employee is: the properties that the {@code empid_} row, the archived copy and the
 * locator all carry, under the same names. {@code Age} is an {@code Edm.Int32}. Components are
 * null where the properties lacked them (see the package).
 */
public record EmployeeDetails(
    String employeeId, String firstName, String lastName, String email, Integer age, Instant hiredAt) {

  static EmployeeDetails from(Map<String, Object> properties) {
    return new EmployeeDetails(
        Values.string(properties, EMPLOYEE_ID),
        Values.string(properties, FIRST_NAME),
        Values.string(properties, LAST_NAME),
        Values.string(properties, EMAIL),
        Values.int32(properties, AGE),
        Values.instant(properties, HIRED_AT));
  }

  Values.Writer writeTo(Values.Writer row) {
    return row
        .put(EMPLOYEE_ID, employeeId)
        .put(FIRST_NAME, firstName)
        .put(LAST_NAME, lastName)
        .put(EMAIL, email)
        .put(AGE, age)
        .put(HIRED_AT, hiredAt);
  }

  /** The details after a change (SPEC §2 "change details"): the same id and hire time. */
  public EmployeeDetails changed(String firstName, String lastName, String email, int age) {
    return new EmployeeDetails(employeeId, firstName, lastName, email, age, hiredAt);
  }
}
