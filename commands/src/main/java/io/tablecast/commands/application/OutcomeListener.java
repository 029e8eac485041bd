package io.tablecast.commands.application;

import java.util.concurrent.CompletableFuture;

/** Port: tells when the command processor has decided a command, matched by command id. */
public interface OutcomeListener {

  /** Must be called before the command is published, so that its outcome cannot be missed. */
  CompletableFuture<CommandOutcome> expect(String commandId);

  /** Stops waiting for {@code commandId}, for example after a timeout. */
  void forget(String commandId);
}
