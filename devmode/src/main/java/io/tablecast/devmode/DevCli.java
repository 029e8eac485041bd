package io.tablecast.devmode;

import io.tablecast.app.TablecastCli;

/** The {@code tablecast} command line with {@code tablecast dev}: what {@code ./tablecast} runs. */
public final class DevCli {

  private DevCli() {}

  public static void main(String[] args) {
    System.exit(TablecastCli.commandLine(new DevCommand()).execute(args));
  }
}
