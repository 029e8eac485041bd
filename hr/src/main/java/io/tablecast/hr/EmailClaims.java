package io.tablecast.hr;

import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.rows.EmailClaim;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Who the row of an address names when its writers race: the {@code email_} copy in a department
 * partition of {@code Employees} and the entry in {@code EmployeeIndex} (SPEC §4 "reorder
 * safety"). Pure, over the rows' properties.
 *
 * <p>An address can change hands: Ann gives up {@code a@x.io}, then Bob takes it. Their writers
 * read their rows at different moments, and Ann's may still say {@code a@x.io} when Bob's runs.
 * The command side hands an address to one active employee at a time, so the later claim is the
 * true one: the row names the employee whose {@code EmailClaimedAt} is newest. A row of an
 * address is removed only by the employee it names.
 */
public final class EmailClaims {

  private EmailClaims() {}

  /** Whether {@code desired} may replace what the row holds now ({@code current}, if any). */
  public static boolean mayWrite(Optional<Map<String, Object>> current, Map<String, Object> desired) {
    if (current.isEmpty()) {
      return true;
    }
    Map<String, Object> row = current.get();
    if (row.equals(desired)) {
      return false;
    }
    if (owns(row, claim(desired).employeeId())) {
      return EmployeesLayout.version(row) <= EmployeesLayout.version(desired);
    }
    return claimedAt(row).isBefore(claimedAt(desired));
  }

  /** Whether the row names {@code employeeId}, so that its writer may remove it. */
  public static boolean owns(Map<String, Object> row, String employeeId) {
    return employeeId.equals(claim(row).employeeId());
  }

  private static Instant claimedAt(Map<String, Object> row) {
    return Optional.ofNullable(claim(row).claimedAt()).orElse(Instant.MIN);
  }

  private static EmailClaim claim(Map<String, Object> row) {
    return EmailClaim.from(row);
  }
}
