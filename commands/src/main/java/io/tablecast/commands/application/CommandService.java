package io.tablecast.commands.application;

import io.tablecast.commands.domain.Command;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The write-side use case: submit a command and wait, for a bounded time, for the processor's
 * decision. Works with any number of instances: each waits only for its own command ids.
 */
public final class CommandService {

  private final CommandPublisher publisher;
  private final OutcomeListener outcomes;
  private final Clock clock;
  private final Duration timeout;

  public CommandService(CommandPublisher publisher, OutcomeListener outcomes, Clock clock, Duration timeout) {
    this.publisher = publisher;
    this.outcomes = outcomes;
    this.clock = clock;
    this.timeout = timeout;
  }

  /**
   * @throws CommandTimeoutException when no outcome arrives within the timeout
   */
  public CommandOutcome submit(Command command) {
    String commandId = UUID.randomUUID().toString();
    CompletableFuture<CommandOutcome> outcome = outcomes.expect(commandId);
    try {
      publisher.publish(CommandEnvelope.first(commandId, clock.instant(), command));
      return outcome.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
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
}
