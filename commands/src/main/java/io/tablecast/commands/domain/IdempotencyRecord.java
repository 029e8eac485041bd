package io.tablecast.commands.domain;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What the idempotency registry keeps per key scope: the fingerprint of the first request, the
 * command it became, when, and how it ended once it has.
 */
public record IdempotencyRecord(String fingerprint, String commandId, Instant createdAt, Optional<Completion> completion) {

  public IdempotencyRecord {
    Objects.requireNonNull(fingerprint, "'fingerprint' cannot be null.");
    Objects.requireNonNull(commandId, "'commandId' cannot be null.");
    Objects.requireNonNull(createdAt, "'createdAt' cannot be null.");
    Objects.requireNonNull(completion, "'completion' cannot be null.");
  }

  public IdempotencyRecord completedWith(Completion outcome) {
    return new IdempotencyRecord(fingerprint, commandId, createdAt, Optional.of(outcome));
  }
}
