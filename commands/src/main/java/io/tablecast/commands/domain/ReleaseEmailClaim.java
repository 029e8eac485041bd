package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeId;
import java.util.Objects;
import java.util.Optional;

/**
 * Internal: frees an address in the email registry, but only if it is still held as described:
 * by {@code owner} (after an email change or an archive), or by the claim that command {@code
 * claimedBy} made (when that command was refused after claiming).
 */
public record ReleaseEmailClaim(String normalizedEmail, Optional<EmployeeId> owner, Optional<String> claimedBy)
    implements Command {

  public ReleaseEmailClaim {
    Objects.requireNonNull(normalizedEmail, "'normalizedEmail' cannot be null.");
    Objects.requireNonNull(owner, "'owner' cannot be null.");
    Objects.requireNonNull(claimedBy, "'claimedBy' cannot be null.");
  }

  public static ReleaseEmailClaim heldBy(String email, EmployeeId owner) {
    return new ReleaseEmailClaim(Emails.normalize(email), Optional.of(owner), Optional.empty());
  }

  public static ReleaseEmailClaim claimedBy(String email, String commandId) {
    return new ReleaseEmailClaim(Emails.normalize(email), Optional.empty(), Optional.of(commandId));
  }

  @Override
  public String aggregateId() {
    return normalizedEmail;
  }

  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
