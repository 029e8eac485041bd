package io.tablecast.workers;

import io.tablecast.common.config.Env;
import io.tablecast.common.lifecycle.Lifecycle;
import io.tablecast.common.tracing.TracingSetup;

/** Runs the queue workers deployable alone, configured from the environment (see README). */
public final class WorkerMain {

  private WorkerMain() {}

  public static void main(String[] args) throws InterruptedException {
    Env env = Env.system();
    Lifecycle.runUntilStopped("worker", WorkerService.start(WorkerService.Config.fromEnv(env), TracingSetup.fromEnv(env, "tablecast-workers")));
  }
}
