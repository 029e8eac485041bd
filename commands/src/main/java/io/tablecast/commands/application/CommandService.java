package io.tablecast.commands.application;

import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.Completion;
import io.tablecast.commands.domain.DepartmentCommand;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.events.Actor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The write-side use case: submit a command and wait, for a bounded time, for the processor's
 * answer. Works with any number of instances: each waits only for the command ids it needs.
 *
 * <p>A retry under an idempotency key gets the first request's answer: replayed at once when
 * that request has ended, or awaited when it is still running (perhaps on another instance).
 */
public final class CommandService {

  private final CommandPublisher publisher;
  private final OutcomeListener outcomes;
  private final ReplicatedFacts facts;
  private final Clock clock;
  private final Duration timeout;

  /** @param facts what the processor's replicas know, to skip the steps they settle before the first pass */
  public CommandService(
      CommandPublisher publisher, OutcomeListener outcomes, ReplicatedFacts facts, Clock clock, Duration timeout) {
    this.publisher = publisher;
    this.outcomes = outcomes;
    this.facts = facts;
    this.clock = clock;
    this.timeout = timeout;
  }

  /**
   * @param actor who sends the command: recorded in each event it causes
   * @throws CommandTimeoutException when no answer arrives within the timeout
   */
  public CommandOutcome submit(Command command, Actor actor, Optional<IdempotencyRef> idempotency) {
    Instant deadline = clock.instant().plus(timeout);
    String commandId = UUID.randomUUID().toString();
    Reply reply = await(commandId, deadline, () -> publisher.publish(
        Shortcuts.apply(CommandEnvelope.first(commandId, clock.instant(), actor, command, idempotency), facts)));
    if (reply instanceof Reply.Decided decided) {
      return decided.outcome();
    }
    Reply.Duplicate duplicate = (Reply.Duplicate) reply;
    if (duplicate.completion().isPresent()) {
      return replay(command, duplicate, duplicate.completion().get());
    }
    Reply original = await(duplicate.originalCommandId(), deadline, () -> { });
    return ((Reply.Decided) original).outcome();
  }

  private Reply await(String commandId, Instant deadline, Runnable afterRegistering) {
    CompletableFuture<Reply> reply = outcomes.expect(commandId);
    try {
      afterRegistering.run();
      long millis = Math.max(1, Duration.between(clock.instant(), deadline).toMillis());
      return reply.get(millis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new CommandTimeoutException(commandId, timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandTimeoutException(commandId, timeout);
    } catch (ExecutionException e) {
      throw new IllegalStateException("Waiting for command " + commandId + " failed", e.getCause());
    } finally {
      outcomes.forget(commandId);
    }
  }

  /** The first request's answer again, under its own command id. */
  private CommandOutcome replay(Command command, Reply.Duplicate duplicate, Completion completion) {
    String original = duplicate.originalCommandId();
    switch (completion.kind()) {
      case ACCEPTED:
        return new CommandOutcome.Accepted(original, completion.aggregateId(), completion.version(),
            new ConsistencyToken.AggregateVersion(aggregateKind(command), completion.aggregateId(), completion.version()));
      case UNCHANGED:
        return new CommandOutcome.Unchanged(original, completion.aggregateId(), completion.version(),
            new ConsistencyToken.AggregateVersion(aggregateKind(command), completion.aggregateId(), completion.version()));
      default:
        return new CommandOutcome.Rejected(original, completion.aggregateId(), completion.rejection().orElseThrow());
    }
  }

  /** {@code department} or {@code employee}: the kind of aggregate that {@code command} changes. */
  public static String aggregateKind(Command command) {
    return isDepartmentCommand(command) ? "department" : "employee";
  }

  private static boolean isDepartmentCommand(Command command) {
    return command instanceof DepartmentCommand;
  }
}
