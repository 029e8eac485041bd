package io.tablecast.devmode;

import io.tablecast.app.TablecastCli;
import picocli.CommandLine;

/** The {@code tablecast} command line with {@code tablecast dev}: what {@code ./tablecast} runs. */
public final class DevCli {

  private DevCli() {}

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The whole command tree: {@code dev} first, then the production CLI's commands. */
  static CommandLine commandLine() {
    return TablecastCli.commandLine(new DevCommand());
  }
}
