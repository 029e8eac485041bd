package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.EmployeesLayout.EVENT_ID;
import static io.tablecast.hr.tables.EmployeesLayout.VERSION;
import static io.tablecast.hr.tables.IndexLayout.EMAIL_CLAIMED_AT;

import java.time.Instant;
import java.util.Map;

/**
 * Who holds an address, since when, at which version of the employee: what both email rows
 * carry, the {@code email_} copy in {@code Employees} and the entry in {@code EmployeeIndex}
 * (SPEC §3). Components are null where the properties lacked them (see the package).
 */
public record EmailClaim(
    String employeeId, String firstName, String lastName, String email, Instant claimedAt, Long version, String eventId) {

  /** The claim of the employee an {@code empid_} row holds. */
  public static EmailClaim of(EmployeeRow employee) {
    return of(employee.employee(), employee.emailClaimedAt(), employee.version(), employee.eventId());
  }

  /**
   * The claim either email row holds ({@link EmailCopyRow}, {@link EmailEntryRow}), for what
   * decides between them. The holder's id, names and address are spelled as in {@link
   * EmployeeDetails}.
   */
  public static EmailClaim from(Map<String, Object> properties) {
    return of(EmployeeDetails.from(properties), Values.instant(properties, EMAIL_CLAIMED_AT),
        Values.int64(properties, VERSION), Values.string(properties, EVENT_ID));
  }

  Values.Writer writeTo(Values.Writer row) {
    return new EmployeeDetails(employeeId, firstName, lastName, email, null, null).writeTo(row)
        .put(EMAIL_CLAIMED_AT, claimedAt)
        .put(VERSION, version)
        .put(EVENT_ID, eventId);
  }

  private static EmailClaim of(EmployeeDetails who, Instant claimedAt, Long version, String eventId) {
    return new EmailClaim(who.employeeId(), who.firstName(), who.lastName(), who.email(), claimedAt, version, eventId);
  }
}
