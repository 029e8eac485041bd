package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.EmployeesLayout.EVENT_ID;
import static io.tablecast.hr.tables.EmployeesLayout.VERSION;
import static io.tablecast.hr.tables.IndexLayout.ARCHIVED_AT;
import static io.tablecast.hr.tables.IndexLayout.REASON;

import java.time.Instant;
import java.util.Map;

/**
 * The {@code empid_<id8>} entity of {@code ArchivedEmployees} (SPEC §3, the guide's Archive): the
 * employee as it was archived, when and why. It carries no {@code EmailClaimedAt}: an archived
 * employee holds no address. Components are null where the properties lacked them (see the
 * package); {@code reason} is null when the archive gave none.
 */
public record ArchivedEmployeeRow(EmployeeDetails employee, Instant archivedAt, String reason, Long version, String eventId) {

  /** The {@code EntityType} of an archived employee. */
  public static final String TYPE = "ArchivedEmployee";

  /** The row held by {@code properties}, from a fold or from the SDK. */
  public static ArchivedEmployeeRow from(Map<String, Object> properties) {
    return new ArchivedEmployeeRow(
        EmployeeDetails.from(properties),
        Values.instant(properties, ARCHIVED_AT),
        Values.string(properties, REASON),
        Values.int64(properties, VERSION),
        Values.string(properties, EVENT_ID));
  }

  /** The properties as written, {@code EntityType} {@value #TYPE} included. */
  public Map<String, Object> properties() {
    return employee.writeTo(new Values.Writer(TYPE))
        .put(VERSION, version)
        .put(EVENT_ID, eventId)
        .put(ARCHIVED_AT, archivedAt)
        .put(REASON, reason)
        .done();
  }
}
