package io.tablecast.workers;

import io.tablecast.common.config.Env;
import io.tablecast.common.lifecycle.Lifecycle;
import io.tablecast.common.tables.RefusedCredential;
import io.tablecast.common.tracing.TracingSetup;

/** Runs the queue workers deployable alone, configured from the environment (see README). */
public final class WorkerMain {

  private WorkerMain() {}

  public static void main(String[] args) throws InterruptedException {
    Env env = Env.system();
    WorkerService.Config config = Lifecycle.configured("worker", () -> WorkerService.Config.fromEnv(env));
    Lifecycle.runUntilStopped("worker", RefusedCredential.exitIfRefused("worker", config.storage(),
        () -> WorkerService.start(config, TracingSetup.fromEnv(env, "tablecast-workers"))));
  }
}
