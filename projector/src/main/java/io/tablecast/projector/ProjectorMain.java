package io.tablecast.projector;

import io.tablecast.common.config.Env;
import io.tablecast.common.lifecycle.Lifecycle;
import io.tablecast.common.tables.RefusedCredential;
import io.tablecast.common.tracing.TracingSetup;
import java.util.List;

/** Runs the projector deployable alone, configured from the environment (see README). */
public final class ProjectorMain {

  private ProjectorMain() {}

  public static void main(String[] args) throws InterruptedException {
    Env env = Env.system();
    ProjectorConfig config = Lifecycle.configured("projector", () -> ProjectorConfig.fromEnv(env));
    Lifecycle.runUntilStopped("projector", Lifecycle.configured("projector", () -> RefusedCredential.exitIfRefused("projector",
        config.storage(), () -> ProjectorService.start(config, List.of(), TracingSetup.fromEnv(env, "tablecast-projector")))));
  }
}
