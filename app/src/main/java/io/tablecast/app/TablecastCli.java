package io.tablecast.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tablecast} command line of production images: the operator commands, the queue
 * workers and the demo loader. Dev mode adds {@code tablecast dev} on top of it ({@code devmode}).
 * Everything it prints is for its user; services log through SLF4J.
 */
@Command(
    name = "tablecast",
    mixinStandardHelpOptions = true,
    version = "tablecast 0.1.0",
    description = "Event-sourced CQRS pipeline: Kafka events projected into Azure Table views.")
public final class TablecastCli {

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line, with {@code first} listed before the operator commands. */
  public static CommandLine commandLine(Object... first) {
    CommandLine cli = new CommandLine(new TablecastCli());
    for (Object command : first) {
      cli.addSubcommand(command);
    }
    for (Object command : new Object[] {new WorkerCommand(), new PoisonCommand(), new DlqCommand(), new RebuildCommand(),
        new AbortCommand(),
        new VerifyCommand(), new SasCommand(), new TopicsCommand(), new DemoLoadCommand()}) {
      cli.addSubcommand(command);
    }
    return cli;
  }
}
