package io.tablecast.views;

import io.tablecast.common.config.Env;
import io.tablecast.common.lifecycle.Lifecycle;
import io.tablecast.common.tables.RefusedCredential;

/** Runs the views deployable alone, configured from the environment (see README). */
public final class ViewsMain {

  private ViewsMain() {}

  public static void main(String[] args) throws InterruptedException {
    ViewsConfig config = Lifecycle.configured("views", () -> ViewsConfig.fromEnv(Env.system()));
    Lifecycle.runUntilStopped("views", Lifecycle.configured("views",
        () -> RefusedCredential.exitIfRefused("views", config.storage(), () -> ViewsService.start(config))));
  }
}
