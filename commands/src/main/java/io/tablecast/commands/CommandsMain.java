package io.tablecast.commands;

import io.tablecast.common.config.Env;
import io.tablecast.common.lifecycle.Lifecycle;
import io.tablecast.common.tracing.TracingSetup;

/** Runs the commands deployable alone, configured from the environment (see README). */
public final class CommandsMain {

  private CommandsMain() {}

  public static void main(String[] args) throws InterruptedException {
    Env env = Env.system();
    CommandsConfig config = Lifecycle.configured("commands", () -> CommandsConfig.fromEnv(env));
    Lifecycle.runUntilStopped("commands",
        Lifecycle.configured("commands", () -> CommandsService.start(config, TracingSetup.fromEnv(env, "tablecast-commands"))));
  }
}
