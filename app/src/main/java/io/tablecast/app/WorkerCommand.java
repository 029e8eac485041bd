package io.tablecast.app;

import io.tablecast.common.config.Env;
import io.tablecast.common.lifecycle.Lifecycle;
import io.tablecast.common.tracing.TracingSetup;
import io.tablecast.workers.WorkerService;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tablecast worker}: queue workers alone, beside the projector's own (SPEC §4). */
@Command(
    name = "worker",
    mixinStandardHelpOptions = true,
    description = "Runs queue workers on the active generation's work queues, configured from the environment (see README).")
final class WorkerCommand implements Callable<Integer> {

  @Option(names = "--per-queue", description = "Competing workers per work queue (default: TABLECAST_WORKERS, or 1).")
  Integer perQueue;

  @Override
  public Integer call() throws InterruptedException {
    WorkerService.Config config = WorkerService.Config.fromEnv(Env.system());
    if (perQueue != null) {
      config = new WorkerService.Config(config.namespace(), config.storage(), config.http(), config.workers().withPerQueue(perQueue),
          config.viewSets());
    }
    WorkerService service = WorkerService.start(config, TracingSetup.fromEnv(Env.system(), "tablecast-workers"));
    System.out.println("Workers running (" + config.workers().perQueue() + " per queue); health at " + service.uri() + "/health");
    Lifecycle.runUntilStopped("worker", service);
    return 0;
  }
}
