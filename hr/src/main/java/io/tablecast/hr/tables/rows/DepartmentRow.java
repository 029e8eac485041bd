package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.EmployeesLayout.EMPLOYEE_COUNT;
import static io.tablecast.hr.tables.EmployeesLayout.EVENT_ID;
import static io.tablecast.hr.tables.EmployeesLayout.MANAGER_EMAIL;
import static io.tablecast.hr.tables.EmployeesLayout.MANAGER_FIRST_NAME;
import static io.tablecast.hr.tables.EmployeesLayout.MANAGER_ID;
import static io.tablecast.hr.tables.EmployeesLayout.MANAGER_LAST_NAME;
import static io.tablecast.hr.tables.EmployeesLayout.NAME;
import static io.tablecast.hr.tables.EmployeesLayout.TYPE_DEPARTMENT;
import static io.tablecast.hr.tables.EmployeesLayout.VERSION;

import java.util.Map;

/**
 * The {@code department} summary of a partition of {@code Employees} (SPEC §3): the department's
 * name, its {@code EmployeeCount} ({@code Edm.Int32}) and its manager's denormalized details.
 * {@code Version} ({@code Edm.Int64}) is the department's; the manager fields follow the
 * manager's state without changing it.
 *
 * <p>Components are null where the properties lacked them (see the package): a {@link
 * #placeholder()} has no name and no event id until {@code DepartmentCreated} arrives, and the
 * four manager fields are all present or all absent.
 */
public record DepartmentRow(
    String name,
    Integer employeeCount,
    String managerId,
    String managerFirstName,
    String managerLastName,
    String managerEmail,
    Long version,
    String eventId) {

  /**
   * The summary of a department no event of its own has reached yet: count 0, {@code Version} 0,
   * no name, which the views treat as absent.
   */
  public static DepartmentRow placeholder() {
    return new DepartmentRow(null, 0, null, null, null, null, 0L, null);
  }

  /** The row held by {@code properties}, from a fold or from the SDK. */
  public static DepartmentRow from(Map<String, Object> properties) {
    return new DepartmentRow(
        Values.string(properties, NAME),
        Values.int32(properties, EMPLOYEE_COUNT),
        Values.string(properties, MANAGER_ID),
        Values.string(properties, MANAGER_FIRST_NAME),
        Values.string(properties, MANAGER_LAST_NAME),
        Values.string(properties, MANAGER_EMAIL),
        Values.int64(properties, VERSION),
        Values.string(properties, EVENT_ID));
  }

  /** The properties as written, {@code EntityType} {@code Department} included. */
  public Map<String, Object> properties() {
    return new Values.Writer(TYPE_DEPARTMENT)
        .put(NAME, name)
        .put(EMPLOYEE_COUNT, employeeCount)
        .put(MANAGER_ID, managerId)
        .put(MANAGER_FIRST_NAME, managerFirstName)
        .put(MANAGER_LAST_NAME, managerLastName)
        .put(MANAGER_EMAIL, managerEmail)
        .put(VERSION, version)
        .put(EVENT_ID, eventId)
        .done();
  }

  public DepartmentRow named(String name) {
    return new DepartmentRow(name, employeeCount, managerId, managerFirstName, managerLastName, managerEmail, version, eventId);
  }

  /** The summary with {@code managerId} as manager, with the manager's current details. */
  public DepartmentRow managedBy(String managerId, String firstName, String lastName, String email) {
    return new DepartmentRow(name, employeeCount, managerId, firstName, lastName, email, version, eventId);
  }

  /** The summary without a manager (its manager was archived, SPEC §9). */
  public DepartmentRow withoutManager() {
    return managedBy(null, null, null, null);
  }

  /** The summary with {@code delta} added to its count; a missing count counts as 0. */
  public DepartmentRow countedBy(int delta) {
    return withEmployeeCount((employeeCount == null ? 0 : employeeCount) + delta);
  }

  public DepartmentRow withEmployeeCount(int count) {
    return new DepartmentRow(name, count, managerId, managerFirstName, managerLastName, managerEmail, version, eventId);
  }

  /** The summary stamped with the department event that last changed it (SPEC §3). */
  public DepartmentRow stamped(long version, String eventId) {
    return new DepartmentRow(name, employeeCount, managerId, managerFirstName, managerLastName, managerEmail, version, eventId);
  }
}
