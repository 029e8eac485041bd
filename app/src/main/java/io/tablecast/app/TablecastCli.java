package io.tablecast.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tablecast} command line: dev mode, and (as they land) the operator commands.
 * Everything it prints is for its user; services log through SLF4J.
 */
@Command(
    name = "tablecast",
    mixinStandardHelpOptions = true,
    version = "tablecast 0.1.0",
    description = "Event-sourced CQRS pipeline: Kafka events projected into Azure Table views.",
    subcommands = {DevCommand.class, WorkerCommand.class, PoisonCommand.class, RebuildCommand.class, AbortCommand.class, VerifyCommand.class, DemoLoadCommand.class})
public final class TablecastCli {

  public static void main(String[] args) {
    System.exit(new CommandLine(new TablecastCli()).execute(args));
  }
}
