package io.tablecast.commands.application;

import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.Routes;
import io.tablecast.commands.domain.Step;
import java.time.Instant;
import java.util.List;

/**
 * A command on its way through the command processor: its id, when it was issued, and which of
 * its {@link Routes steps} it is at.
 */
public record CommandEnvelope(String commandId, Instant issuedAt, int step, Command command) {

  public static CommandEnvelope first(String commandId, Instant issuedAt, Command command) {
    return new CommandEnvelope(commandId, issuedAt, 0, command);
  }

  public Step currentStep() {
    return steps().get(step);
  }

  public boolean isLastStep() {
    return step == steps().size() - 1;
  }

  public CommandEnvelope next() {
    return new CommandEnvelope(commandId, issuedAt, step + 1, command);
  }

  private List<Step> steps() {
    return Routes.of(command);
  }
}
