package io.tablecast.commands.application;

import io.tablecast.commands.domain.Completion;
import java.time.Instant;
import java.util.Optional;

/** What the command processor answered to a submitted command. */
public sealed interface Reply {

  /** The command was decided. */
  record Decided(CommandOutcome outcome) implements Reply {}

  /**
   * The command repeats an earlier request with the same idempotency key and body: answer as
   * that one did, or will once it ends.
   */
  record Duplicate(String originalCommandId, Instant originalIssuedAt, Optional<Completion> completion) implements Reply {}
}
