package io.tablecast.common.tables;

import io.tablecast.events.EmployeeId;
import java.util.Locale;

/**
 * The layout of the {@code EmployeeIndex} table (SPEC §3, §9): inter-partition secondary indexes.
 *
 * <ul>
 *   <li>{@code empid_<id8>} / {@code employee}: the locator, with the employee's full latest
 *       state. Written by the projector only, version-guarded; the queue workers read it as the
 *       truth.
 *   <li>{@code email_<key(lower(email))>} / {@code employee}: who holds an address.
 *   <li>{@code manager_<id8>} / {@code <DepartmentId>}: which departments an employee manages,
 *       so that a manager's new details reach those departments without a table scan. An
 *       extension of SPEC §3, used by the index worker only (docs/decisions.md).
 * </ul>
 */
public final class IndexLayout {

  public static final String ROW = "employee";
  public static final String TYPE_LOCATOR = "EmployeeLocator";
  public static final String TYPE_EMAIL_INDEX = "EmailIndex";
  public static final String TYPE_MANAGED_DEPARTMENT = "ManagedDepartment";

  public static final String DEPARTMENT_ID = "DepartmentId";
  public static final String STATUS = "Status";
  public static final String ARCHIVED_AT = "ArchivedAt";
  public static final String REASON = "Reason";
  public static final String ACTIVE = "Active";
  public static final String ARCHIVED = "Archived";

  private IndexLayout() {}

  public static String locatorPartition(EmployeeId id) {
    return EmployeesLayout.EMPLOYEE_PREFIX + id.canonical();
  }

  public static String emailPartition(String email) {
    return EmployeesLayout.EMAIL_PREFIX + Keys.key(email.toLowerCase(Locale.ROOT));
  }

  public static String managerPartition(EmployeeId id) {
    return "manager_" + id.canonical();
  }
}
