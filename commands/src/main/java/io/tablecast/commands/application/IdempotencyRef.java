package io.tablecast.commands.application;

import java.util.Objects;

/**
 * A request's idempotency key, as the processor sees it.
 *
 * @param scope a digest of method, canonical path and key: the registry entry it belongs to
 * @param fingerprint a digest of the request body, compared on retries
 */
public record IdempotencyRef(String scope, String fingerprint) {

  public IdempotencyRef {
    Objects.requireNonNull(scope, "'scope' cannot be null.");
    Objects.requireNonNull(fingerprint, "'fingerprint' cannot be null.");
  }
}
