package io.tablecast.commands.application;

import java.time.Duration;

/** The command was published, but no outcome arrived in time. It may still be applied later. */
public final class CommandTimeoutException extends RuntimeException {

  public CommandTimeoutException(String commandId, Duration timeout) {
    super("No outcome for command " + commandId + " within " + timeout.toMillis() + " ms");
  }
}
