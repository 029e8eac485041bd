package io.tablecast.commands.adapter.out.kafka;

import io.tablecast.commands.domain.Completion;
import io.tablecast.commands.domain.Rejection;
import java.time.Instant;
import java.util.Optional;

/**
 * An answer of the command processor, published on {@code tablecast.command-results} for the HTTP
 * service that waits for it, in the transaction that decides the command (with the event, for an
 * accepted one).
 *
 * @param aggregateKind {@code department} or {@code employee}
 */
public record CommandResult(
    String commandId,
    Kind kind,
    String aggregateKind,
    String aggregateId,
    long version,
    Optional<Rejection> rejection,
    Optional<String> originalCommandId,
    Optional<Instant> originalIssuedAt,
    Optional<Completion> completion) {

  public enum Kind {
    /** An event was recorded at {@code version}. */
    ACCEPTED,
    REJECTED,
    UNCHANGED,
    /** A retry under an idempotency key: see the original command. */
    DUPLICATE
  }

  public static CommandResult accepted(String commandId, String aggregateKind, String aggregateId, long version) {
    return new CommandResult(commandId, Kind.ACCEPTED, aggregateKind, aggregateId, version, Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty());
  }

  public static CommandResult rejected(String commandId, String aggregateKind, String aggregateId, Rejection rejection) {
    return new CommandResult(commandId, Kind.REJECTED, aggregateKind, aggregateId, 0, Optional.of(rejection),
        Optional.empty(), Optional.empty(), Optional.empty());
  }

  public static CommandResult unchanged(String commandId, String aggregateKind, String aggregateId, long version) {
    return new CommandResult(commandId, Kind.UNCHANGED, aggregateKind, aggregateId, version, Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty());
  }

  public static CommandResult duplicate(
      String commandId, String aggregateKind, String aggregateId, String original, Instant originalIssuedAt, Optional<Completion> completion) {
    return new CommandResult(commandId, Kind.DUPLICATE, aggregateKind, aggregateId, 0, Optional.empty(),
        Optional.of(original), Optional.of(originalIssuedAt), completion);
  }
}
