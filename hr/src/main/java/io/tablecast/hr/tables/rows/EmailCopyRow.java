package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.EmployeesLayout.TYPE_EMAIL;

import java.util.Map;

/**
 * The {@code email_<key(lower(email))>} entity of {@code Employees} (SPEC §3): the intra-partition
 * copy of an {@code empid_} row under its address, one per employee row.
 */
public record EmailCopyRow(EmailClaim claim) {

  /** The row held by {@code properties}, from a fold or from the SDK. */
  public static EmailCopyRow from(Map<String, Object> properties) {
    return new EmailCopyRow(EmailClaim.from(properties));
  }

  /** The properties as written, {@code EntityType} {@code EmployeeEmail} included. */
  public Map<String, Object> properties() {
    return claim.writeTo(new Values.Writer(TYPE_EMAIL)).done();
  }
}
