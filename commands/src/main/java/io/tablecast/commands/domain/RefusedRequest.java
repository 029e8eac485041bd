package io.tablecast.commands.domain;

import java.util.Objects;

/**
 * Internal: a request with an idempotency key that the HTTP layer already refused (malformed or
 * invalid). It visits only the idempotency registry, so that the refusal becomes the key's first
 * completed answer (SPEC §9) and a later, different body under the same key is a reuse.
 */
public record RefusedRequest(String aggregateId, Rejection rejection) implements Command {

  public RefusedRequest {
    Objects.requireNonNull(aggregateId, "'aggregateId' cannot be null.");
    Objects.requireNonNull(rejection, "'rejection' cannot be null.");
  }

  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
