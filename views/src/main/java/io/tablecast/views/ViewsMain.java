package io.tablecast.views;

import io.tablecast.common.config.Env;
import io.tablecast.common.lifecycle.Lifecycle;

/** Runs the views deployable alone, configured from the environment (see README). */
public final class ViewsMain {

  private ViewsMain() {}

  public static void main(String[] args) throws InterruptedException {
    Lifecycle.runUntilStopped("views", ViewsService.start(ViewsConfig.fromEnv(Env.system())));
  }
}
