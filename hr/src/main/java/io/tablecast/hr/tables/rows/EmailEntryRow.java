package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.IndexLayout.DEPARTMENT_ID;
import static io.tablecast.hr.tables.IndexLayout.TYPE_EMAIL_INDEX;

import java.util.Map;

/**
 * The {@code email_<key(lower(email))>} / {@code employee} entity of {@code EmployeeIndex} (SPEC
 * §3): who holds an address organisation-wide, and in which department. The queue workers write
 * it; the newest claim wins a race (docs/decisions.md).
 */
public record EmailEntryRow(EmailClaim claim, String departmentId) {

  /** The row held by {@code properties}, from a fold or from the SDK. */
  public static EmailEntryRow from(Map<String, Object> properties) {
    return new EmailEntryRow(EmailClaim.from(properties), Values.string(properties, DEPARTMENT_ID));
  }

  /** The properties as written, {@code EntityType} {@code EmailIndex} included. */
  public Map<String, Object> properties() {
    return claim.writeTo(new Values.Writer(TYPE_EMAIL_INDEX)).put(DEPARTMENT_ID, departmentId).done();
  }
}
