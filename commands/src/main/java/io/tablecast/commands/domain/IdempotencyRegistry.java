package io.tablecast.commands.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The idempotency registry's decisions (SPEC §9 Idempotency-Key). A key is scoped to method and
 * canonical path; its first request's completed answer is replayed to a retry with a
 * semantically equal body, and a different body is refused. Records live {@link #RETENTION}.
 */
public final class IdempotencyRegistry {

  /** At least 24 hours, as promised, with an hour's margin. */
  public static final Duration RETENTION = Duration.ofHours(25);

  private IdempotencyRegistry() {}

  /** What a check found. */
  public sealed interface Check {}

  /** The key is new (or expired): the request runs, and this record is kept. */
  public record Fresh(IdempotencyRecord record) implements Check {}

  /** The first request with this key has ended: answer the same again. */
  public record Replay(IdempotencyRecord record) implements Check {}

  /** The first request with this key is still running: answer whatever it ends with. */
  public record InFlight(IdempotencyRecord record) implements Check {}

  /** The key was used with another body. */
  public record Reused(Rejection rejection) implements Check {}

  public static Check check(Optional<IdempotencyRecord> current, String fingerprint, String commandId, Instant now) {
    if (current.isEmpty() || isExpired(current.get(), now)) {
      return new Fresh(new IdempotencyRecord(fingerprint, commandId, now, Optional.empty()));
    }
    IdempotencyRecord first = current.get();
    if (!first.fingerprint().equals(fingerprint)) {
      return new Reused(Rejection.invalid(
          "idempotency-key-reused", "Idempotency-Key", "This Idempotency-Key was already used with a different request body."));
    }
    return first.completion().isPresent() ? new Replay(first) : new InFlight(first);
  }

  public static boolean isExpired(IdempotencyRecord record, Instant now) {
    return record.createdAt().plus(RETENTION).isBefore(now);
  }
}
