package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.EmployeesLayout.EVENT_ID;
import static io.tablecast.hr.tables.EmployeesLayout.VERSION;
import static io.tablecast.hr.tables.IndexLayout.ARCHIVED_AT;
import static io.tablecast.hr.tables.IndexLayout.DEPARTMENT_ID;
import static io.tablecast.hr.tables.IndexLayout.EMAIL_CLAIMED_AT;
import static io.tablecast.hr.tables.IndexLayout.REASON;
import static io.tablecast.hr.tables.IndexLayout.STATUS;
import static io.tablecast.hr.tables.IndexLayout.TYPE_LOCATOR;

import io.tablecast.events.EmployeeId;
import java.time.Instant;
import java.util.Map;

/**
 * The locator of {@code EmployeeIndex} ({@code empid_<id8>} / {@code employee}, SPEC §3): the
 * employee's full latest state wherever it is, which the queue workers read as the truth. The
 * projector alone writes it, version-guarded. Components are null where the properties lacked
 * them (see the package): {@code archivedAt} before the archive, {@code reason} when the archive
 * gave none.
 */
public record LocatorRow(
    EmployeeDetails employee,
    String departmentId,
    Status status,
    Instant emailClaimedAt,
    Instant archivedAt,
    String reason,
    Long version,
    String eventId) {

  /** The {@code Status} property; the constant names are the stored values. */
  public enum Status {
    Active,
    Archived
  }

  /** The locator of an employee just hired: active, claiming its address as it is hired. */
  public static LocatorRow hired(EmployeeDetails employee, String departmentId) {
    return new LocatorRow(employee, departmentId, Status.Active, employee.hiredAt(), null, null, null, null);
  }

  /** The row held by {@code properties}, from a fold or from the SDK. */
  public static LocatorRow from(Map<String, Object> properties) {
    String status = Values.string(properties, STATUS);
    return new LocatorRow(
        EmployeeDetails.from(properties),
        Values.string(properties, DEPARTMENT_ID),
        status == null ? null : Status.valueOf(status),
        Values.instant(properties, EMAIL_CLAIMED_AT),
        Values.instant(properties, ARCHIVED_AT),
        Values.string(properties, REASON),
        Values.int64(properties, VERSION),
        Values.string(properties, EVENT_ID));
  }

  /** The properties as written, {@code EntityType} {@code EmployeeLocator} included. */
  public Map<String, Object> properties() {
    return employee.writeTo(new Values.Writer(TYPE_LOCATOR))
        .put(DEPARTMENT_ID, departmentId)
        .put(STATUS, status == null ? null : status.name())
        .put(EMAIL_CLAIMED_AT, emailClaimedAt)
        .put(ARCHIVED_AT, archivedAt)
        .put(REASON, reason)
        .put(VERSION, version)
        .put(EVENT_ID, eventId)
        .done();
  }

  public boolean isActive() {
    return status == Status.Active;
  }

  public EmployeeId id() {
    return EmployeeId.parse(employee.employeeId());
  }

  /** The {@code empid_} row of {@code Employees} that this state puts in its department. */
  public EmployeeRow employeeRow() {
    return new EmployeeRow(employee, emailClaimedAt, version, eventId);
  }

  /** The row of {@code ArchivedEmployees} that this state puts in its department. */
  public ArchivedEmployeeRow archivedRow() {
    return new ArchivedEmployeeRow(employee, archivedAt, reason, version, eventId);
  }

  /** The locator of the employee with {@code employee}'s details, in {@code departmentId}. */
  public LocatorRow with(EmployeeDetails employee, String departmentId) {
    return new LocatorRow(employee, departmentId, status, emailClaimedAt, archivedAt, reason, version, eventId);
  }

  public LocatorRow withEmailClaimedAt(Instant claimedAt) {
    return new LocatorRow(employee, departmentId, status, claimedAt, archivedAt, reason, version, eventId);
  }

  /** The locator of an employee archived from {@code departmentId}; {@code reason} may be null. */
  public LocatorRow archived(String departmentId, Instant archivedAt, String reason) {
    return new LocatorRow(employee, departmentId, Status.Archived, emailClaimedAt, archivedAt, reason, version, eventId);
  }

  /** The locator stamped with the event that last changed it (SPEC §3: every view entity). */
  public LocatorRow stamped(long version, String eventId) {
    return new LocatorRow(employee, departmentId, status, emailClaimedAt, archivedAt, reason, version, eventId);
  }
}
