package io.tablecast.commands.domain;

import java.util.Objects;
import java.util.Optional;

/**
 * How a command ended, as the idempotency registry keeps it for replays: accepted (an event at
 * {@code version}), unchanged (a no-op at {@code version}), or rejected.
 */
public record Completion(Kind kind, String aggregateId, long version, Optional<Rejection> rejection) {

  public enum Kind {
    ACCEPTED,
    UNCHANGED,
    REJECTED
  }

  public Completion {
    Objects.requireNonNull(kind, "'kind' cannot be null.");
    Objects.requireNonNull(aggregateId, "'aggregateId' cannot be null.");
    Objects.requireNonNull(rejection, "'rejection' cannot be null.");
  }

  public static Completion rejected(String aggregateId, Rejection rejection) {
    return new Completion(Kind.REJECTED, aggregateId, 0, Optional.of(rejection));
  }
}
