package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.EmployeesLayout.EVENT_ID;
import static io.tablecast.hr.tables.EmployeesLayout.TYPE_EMPLOYEE;
import static io.tablecast.hr.tables.EmployeesLayout.VERSION;
import static io.tablecast.hr.tables.IndexLayout.EMAIL_CLAIMED_AT;

import java.time.Instant;
import java.util.Map;

/**
 * The {@code empid_<id8>} entity of {@code Employees} (SPEC §3): an active employee in its
 * department's partition. {@code Version} is an {@code Edm.Int64}; {@code EmailClaimedAt} says
 * since when the employee holds its address (docs/decisions.md). Components are null where the
 * properties lacked them (see the package).
 */
public record EmployeeRow(EmployeeDetails employee, Instant emailClaimedAt, Long version, String eventId) {

  /** The row held by {@code properties}, from a fold or from the SDK. */
  public static EmployeeRow from(Map<String, Object> properties) {
    return new EmployeeRow(
        EmployeeDetails.from(properties),
        Values.instant(properties, EMAIL_CLAIMED_AT),
        Values.int64(properties, VERSION),
        Values.string(properties, EVENT_ID));
  }

  /** The properties as written, {@code EntityType} {@code Employee} included. */
  public Map<String, Object> properties() {
    return employee.writeTo(new Values.Writer(TYPE_EMPLOYEE))
        .put(EMAIL_CLAIMED_AT, emailClaimedAt)
        .put(VERSION, version)
        .put(EVENT_ID, eventId)
        .done();
  }

  public EmployeeRow with(EmployeeDetails employee) {
    return new EmployeeRow(employee, emailClaimedAt, version, eventId);
  }

  public EmployeeRow withEmailClaimedAt(Instant claimedAt) {
    return new EmployeeRow(employee, claimedAt, version, eventId);
  }

  /** The row stamped with the event that last changed it (SPEC §3: every view entity). */
  public EmployeeRow stamped(long version, String eventId) {
    return new EmployeeRow(employee, emailClaimedAt, version, eventId);
  }
}
