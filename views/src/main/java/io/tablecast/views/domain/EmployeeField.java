package io.tablecast.views.domain;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The employee properties that {@code fields=} can name (SPEC §9), with the table column each
 * reads, if any. {@code employeeId} and {@code departmentId} are always returned.
 */
public enum EmployeeField {
  EMPLOYEE_ID("employeeId", "EmployeeId"),
  DEPARTMENT_ID("departmentId", null),
  FIRST_NAME("firstName", "FirstName"),
  LAST_NAME("lastName", "LastName"),
  EMAIL("email", "Email"),
  AGE("age", "Age"),
  HIRED_AT("hiredAt", "HiredAt"),
  VERSION("version", "Version"),
  STATUS("status", null),
  ARCHIVED_AT("archivedAt", null),
  REASON("reason", null);

  public static final Set<EmployeeField> ALWAYS = EnumSet.of(EMPLOYEE_ID, DEPARTMENT_ID);

  private final String jsonName;
  private final String column;

  EmployeeField(String jsonName, String column) {
    this.jsonName = jsonName;
    this.column = column;
  }

  public String jsonName() {
    return jsonName;
  }

  /** The table column, for a server-side projection ({@code $select}); empty when derived. */
  public Optional<String> column() {
    return Optional.ofNullable(column);
  }

  public static Optional<EmployeeField> named(String jsonName) {
    return Arrays.stream(values()).filter(f -> f.jsonName.equals(jsonName.strip())).findFirst();
  }
}
