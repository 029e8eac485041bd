package io.tablecast.viewstore.domain;

import io.tablecast.hr.tables.rows.EmailClaim;
import java.time.Instant;
import java.util.Optional;

/**
 * Who the {@code EmployeeIndex} entry of an address names, when workers race (SPEC §4 "reorder
 * safety"). Pure.
 *
 * <p>An address can change hands: Ann gives up {@code a@x.io}, then Bob takes it. Their workers
 * read their locators at different moments, and Ann's may still say {@code a@x.io} when Bob's
 * worker runs. The command side hands an address to one active employee at a time, so the later
 * claim is the true one: the entry names the employee whose {@code EmailClaimedAt} is newest.
 * An entry is removed only by the employee it names.
 */
public final class EmailClaims {

  private EmailClaims() {}

  /** Whether {@code desired} may replace what the entry holds now ({@code current}, if any). */
  public static boolean mayWrite(Optional<ViewEntity> current, ViewEntity desired) {
    if (current.isEmpty()) {
      return true;
    }
    ViewEntity entry = current.get();
    if (entry.equals(desired)) {
      return false;
    }
    if (owns(entry, claim(desired).employeeId())) {
      return entry.version() <= desired.version();
    }
    return claimedAt(entry).isBefore(claimedAt(desired));
  }

  /** Whether the entry names {@code employeeId}, so that its worker may remove it. */
  public static boolean owns(ViewEntity entry, String employeeId) {
    return employeeId.equals(claim(entry).employeeId());
  }

  private static Instant claimedAt(ViewEntity entry) {
    return Optional.ofNullable(claim(entry).claimedAt()).orElse(Instant.MIN);
  }

  private static EmailClaim claim(ViewEntity row) {
    return EmailClaim.from(row.properties());
  }
}
