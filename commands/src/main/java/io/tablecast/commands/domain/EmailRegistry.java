package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeId;
import java.util.Optional;

/**
 * The email registry's decisions: an address belongs to at most one active employee (SPEC §2).
 *
 * <p>Every claim of one address is decided on the one partition that owns it, one after the
 * other, so when two hires race for an address on different employee partitions exactly one
 * claim wins. A claim is released when its command is refused later on, when its employee
 * changes address, and when its employee is archived.
 */
public final class EmailRegistry {

  private EmailRegistry() {}

  /** What a claim step decided, and the registry entry to keep. */
  public record ClaimOutcome(Decision decision, Optional<EmailClaim> entry) {}

  public static ClaimOutcome claim(Optional<EmailClaim> current, String email, EmployeeId claimant, String commandId, Command command) {
    if (current.isEmpty()) {
      return new ClaimOutcome(Decision.proceed(command), Optional.of(new EmailClaim(claimant, commandId)));
    }
    if (current.get().owner().equals(claimant)) {
      return new ClaimOutcome(Decision.proceed(command), current); // already theirs: nothing to undo later
    }
    return new ClaimOutcome(
        Decision.reject(Rejection.conflict("email-taken", "email", "The email " + email + " belongs to another active employee.")),
        current);
  }

  /** The entry left after {@code release}: removed only if it is still held as the release says. */
  public static Optional<EmailClaim> release(Optional<EmailClaim> current, ReleaseEmailClaim release) {
    if (current.isEmpty()) {
      return current;
    }
    boolean byOwner = release.owner().map(current.get().owner()::equals).orElse(false);
    boolean byClaim = release.claimedBy().map(current.get().claimedBy()::equals).orElse(false);
    return byOwner || byClaim ? Optional.empty() : current;
  }
}
