package io.tablecast.commands.application;

import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.Routes;
import io.tablecast.commands.domain.Step;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A command on its way through the command processor: its id, when it was issued, which of its
 * {@link Routes steps} it is at, and its idempotency key, if any.
 */
public record CommandEnvelope(
    String commandId, Instant issuedAt, int step, Command command, Optional<IdempotencyRef> idempotency) {

  public static CommandEnvelope first(String commandId, Instant issuedAt, Command command, Optional<IdempotencyRef> idempotency) {
    return new CommandEnvelope(commandId, issuedAt, 0, command, idempotency);
  }

  public List<Step> steps() {
    return Routes.of(command, idempotency.map(IdempotencyRef::scope));
  }

  public Step currentStep() {
    return steps().get(step);
  }

  /** The next step, with the command as this step left it (possibly enriched). */
  public CommandEnvelope next(Command enriched) {
    return new CommandEnvelope(commandId, issuedAt, step + 1, enriched, idempotency);
  }

  /** Whether a step before this one claimed an email for the command. */
  public boolean claimedEarlier() {
    return steps().subList(0, step).stream().anyMatch(s -> s.kind() == Step.Kind.CLAIM_EMAIL);
  }

  /**
   * An internal command that follows this one's decision, under the same command id. Only the
   * recording of a completion keeps the idempotency key: it is addressed to the key's entry.
   */
  public CommandEnvelope followUp(Command internal) {
    Optional<IdempotencyRef> key = internal instanceof io.tablecast.commands.domain.RecordCompletion ? idempotency : Optional.empty();
    return new CommandEnvelope(commandId, issuedAt, 0, internal, key);
  }
}
