package io.tablecast.hr.queries;

import io.tablecast.hr.tables.rows.ArchivedEmployeeRow;
import io.tablecast.hr.tables.rows.EmployeeDetails;
import io.tablecast.hr.tables.rows.EmployeeRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An employee as served (SPEC §9), active or archived, from the rows' own codecs. Under a
 * projection ({@code fields=}) the properties left out are null.
 */
record EmployeeView(String employeeId, String departmentId, String firstName, String lastName, String email, Integer age,
    Instant hiredAt, Long version, Status status, Instant archivedAt, String reason) {

  enum Status {
    Active,
    Archived
  }

  static EmployeeView active(String departmentId, Map<String, Object> properties) {
    EmployeeRow row = EmployeeRow.from(properties);
    return of(departmentId, row.employee(), row.version(), Status.Active, null, null);
  }

  static EmployeeView archived(String departmentId, Map<String, Object> properties) {
    ArchivedEmployeeRow row = ArchivedEmployeeRow.from(properties);
    return of(departmentId, row.employee(), row.version(), Status.Archived, row.archivedAt(), row.reason());
  }

  /** From a locator, which holds every employee property and the status. */
  static EmployeeView fromLocator(LocatorRow locator) {
    return locator.status() == LocatorRow.Status.Archived
        ? of(locator.departmentId(), locator.employee(), locator.version(), Status.Archived, locator.archivedAt(), locator.reason())
        : of(locator.departmentId(), locator.employee(), locator.version(), Status.Active, null, null);
  }

  private static EmployeeView of(String departmentId, EmployeeDetails employee, Long version, Status status, Instant archivedAt,
      String reason) {
    return new EmployeeView(employee.employeeId(), departmentId, employee.firstName(), employee.lastName(), employee.email(),
        employee.age(), employee.hiredAt(), version, status, archivedAt, reason);
  }

  /** The whole employee: the {@link EmployeeField#REQUIRED} properties, and the others that have a value. */
  Map<String, Object> body() {
    return body(Arrays.asList(EmployeeField.values()), true);
  }

  /** Only the properties {@code fields=} asked for that have a value, in a stable order. */
  Map<String, Object> body(List<EmployeeField> fields) {
    return body(fields, false);
  }

  private Map<String, Object> body(List<EmployeeField> fields, boolean whole) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (EmployeeField field : fields) {
      Object value = switch (field) {
        case EMPLOYEE_ID -> employeeId;
        case DEPARTMENT_ID -> departmentId;
        case FIRST_NAME -> firstName;
        case LAST_NAME -> lastName;
        case EMAIL -> email;
        case AGE -> age;
        case HIRED_AT -> hiredAt;
        case VERSION -> version;
        case STATUS -> status.name();
        case ARCHIVED_AT -> archivedAt;
        case REASON -> reason;
      };
      if (value != null || whole && EmployeeField.REQUIRED.contains(field)) {
        out.put(field.jsonName(), value);
      }
    }
    return out;
  }
}
