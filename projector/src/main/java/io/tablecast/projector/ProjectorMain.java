package io.tablecast.projector;

import io.tablecast.common.config.Env;
import io.tablecast.common.lifecycle.Lifecycle;

/** Runs the projector deployable alone, configured from the environment (see README). */
public final class ProjectorMain {

  private ProjectorMain() {}

  public static void main(String[] args) throws InterruptedException {
    Lifecycle.runUntilStopped("projector", ProjectorService.start(ProjectorConfig.fromEnv(Env.system())));
  }
}
