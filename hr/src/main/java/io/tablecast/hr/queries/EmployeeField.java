package io.tablecast.hr.queries;

import io.tablecast.hr.tables.EmployeesLayout;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The employee properties that {@code fields=} can name (SPEC §9), with the column each is read
 * from, if any. {@code employeeId} and {@code departmentId} are always returned.
 */
enum EmployeeField {
  EMPLOYEE_ID("employeeId", EmployeesLayout.EMPLOYEE_ID),
  DEPARTMENT_ID("departmentId", null),
  FIRST_NAME("firstName", EmployeesLayout.FIRST_NAME),
  LAST_NAME("lastName", EmployeesLayout.LAST_NAME),
  EMAIL("email", EmployeesLayout.EMAIL),
  AGE("age", EmployeesLayout.AGE),
  HIRED_AT("hiredAt", EmployeesLayout.HIRED_AT),
  VERSION("version", EmployeesLayout.VERSION),
  STATUS("status", null),
  ARCHIVED_AT("archivedAt", null),
  REASON("reason", null);

  static final Set<EmployeeField> ALWAYS = EnumSet.of(EMPLOYEE_ID, DEPARTMENT_ID);
  /** Present in every whole employee, null or not; the others only when they have a value. */
  static final Set<EmployeeField> REQUIRED = EnumSet.of(EMPLOYEE_ID, DEPARTMENT_ID, FIRST_NAME, LAST_NAME, EMAIL, STATUS);

  private final String jsonName;
  private final String column;

  EmployeeField(String jsonName, String column) {
    this.jsonName = jsonName;
    this.column = column;
  }

  String jsonName() {
    return jsonName;
  }

  /** The table column, for a server-side projection ({@code $select}); empty when derived. */
  Optional<String> column() {
    return Optional.ofNullable(column);
  }

  static Optional<EmployeeField> named(String jsonName) {
    return Arrays.stream(values()).filter(f -> f.jsonName.equals(jsonName.strip())).findFirst();
  }
}
