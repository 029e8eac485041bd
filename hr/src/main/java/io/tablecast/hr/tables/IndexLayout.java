package io.tablecast.hr.tables;

import io.tablecast.common.tables.Keys;
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
 *   <li>{@code empid_<id8>} / {@code worker}: the queue workers' state of the employee: where
 *       its index entries are, which departments it manages, and the lease of the worker on it.
 *       An extension of SPEC §3, used by the workers only (docs/decisions.md).
 * </ul>
 *
 * The locator and the email entry also carry {@code EmailClaimedAt}, when the employee took
 * its address, so that the entry of an address that changed hands names the newer holder
 * whatever order the workers run in (docs/decisions.md).
 */
public final class IndexLayout {

  public static final String ROW = "employee";
  public static final String TYPE_LOCATOR = "EmployeeLocator";
  public static final String TYPE_EMAIL_INDEX = "EmailIndex";
  public static final String WORKER_ROW = "worker";
  public static final String TYPE_WORKER_STATE = "WorkerState";

  public static final String DEPARTMENT_ID = "DepartmentId";
  public static final String STATUS = "Status";
  public static final String ARCHIVED_AT = "ArchivedAt";
  public static final String REASON = "Reason";
  public static final String EMAIL_CLAIMED_AT = "EmailClaimedAt";

  private IndexLayout() {}

  public static String locatorPartition(EmployeeId id) {
    return EmployeesLayout.EMPLOYEE_PREFIX + id.canonical();
  }

  public static String emailPartition(String email) {
    return EmployeesLayout.EMAIL_PREFIX + Keys.key(email.toLowerCase(Locale.ROOT));
  }
}
