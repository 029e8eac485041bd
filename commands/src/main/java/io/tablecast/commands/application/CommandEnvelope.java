package io.tablecast.commands.application;

import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.RecordCompletion;
import io.tablecast.commands.domain.Routes;
import io.tablecast.commands.domain.Step;
import io.tablecast.events.Actor;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A command on its way through the command processor: its id, when it was issued, who sent it,
 * the steps it has still to take (the first is the one it is at), its idempotency key, if any, and
 * whether a step it took claimed an email. The route travels with the command, so a deploy that
 * changes {@link Routes} never changes the route of a command in flight; the actor travels with it
 * so that every event it causes, at whichever step, records the same actor.
 */
public record CommandEnvelope(
    String commandId, Instant issuedAt, Actor actor, List<Step> route, Command command,
    Optional<IdempotencyRef> idempotency, boolean claimedEmail) {

  public CommandEnvelope {
    Objects.requireNonNull(commandId, "'commandId' cannot be null.");
    Objects.requireNonNull(actor, "'actor' cannot be null.");
    route = List.copyOf(route);
    if (route.isEmpty()) {
      throw new IllegalArgumentException("'route' cannot be empty.");
    }
  }

  public static CommandEnvelope first(
      String commandId, Instant issuedAt, Actor actor, Command command, Optional<IdempotencyRef> idempotency) {
    return new CommandEnvelope(
        commandId, issuedAt, actor, Routes.of(command, idempotency.map(IdempotencyRef::scope)), command, idempotency, false);
  }

  public Step currentStep() {
    return route.get(0);
  }

  /** The next step, with the command as this step left it (possibly enriched). */
  public CommandEnvelope next(Command enriched) {
    if (route.size() == 1) {
      throw new IllegalStateException("Command " + commandId + " has no step after " + currentStep());
    }
    boolean claimed = claimedEmail || currentStep().kind() == Step.Kind.CLAIM_EMAIL;
    return new CommandEnvelope(commandId, issuedAt, actor, route.subList(1, route.size()), enriched, idempotency, claimed);
  }

  /** Whether a step before this one claimed an email for the command. */
  public boolean claimedEarlier() {
    return claimedEmail;
  }

  /**
   * An internal command that follows this one's decision, under the same command id. Only the
   * recording of a completion keeps the idempotency key: it is addressed to the key's entry.
   */
  public CommandEnvelope followUp(Command internal) {
    Optional<IdempotencyRef> key = internal instanceof RecordCompletion ? idempotency : Optional.empty();
    return first(commandId, issuedAt, actor, internal, key);
  }
}
