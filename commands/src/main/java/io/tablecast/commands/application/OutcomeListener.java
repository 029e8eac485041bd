package io.tablecast.commands.application;

import java.util.concurrent.CompletableFuture;

/** Port: tells when the command processor has answered a command, matched by command id. */
public interface OutcomeListener {

  /**
   * A future of the answer to {@code commandId}. Call it before publishing the command; it is
   * also complete at once when the answer arrived a little earlier (an original command that a
   * retry waits for).
   */
  CompletableFuture<Reply> expect(String commandId);

  /** Stops waiting for {@code commandId}, for example after a timeout. */
  void forget(String commandId);
}
