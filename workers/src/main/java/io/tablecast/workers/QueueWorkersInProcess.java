package io.tablecast.workers;

import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.projection.ViewSet;
import io.tablecast.common.concurrent.Doorbell;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.viewstore.application.work.InProcessWorkers;
import io.tablecast.viewstore.application.work.WorkSteps;
import io.tablecast.workers.adapter.in.queue.Arrivals;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The queue workers as a projector runs them beside it: found on its class path (listed in
 * {@code META-INF/services}), woken by the doorbells the projector rings when it has sent work.
 */
public final class QueueWorkersInProcess implements InProcessWorkers {

  private final WorkSteps steps;

  /** The workers a process finds on its class path. */
  public QueueWorkersInProcess() {
    this(WorkSteps.NONE);
  }

  /** @param steps where the crash tests stop a worker, as if its process died */
  public QueueWorkersInProcess(WorkSteps steps) {
    this.steps = steps;
  }

  @Override
  public Running start(AzureClients azure, Generation generation, WorkerSettings settings, Optional<String> deadInstance,
      MeterRegistry metrics, BooleanSupplier viewsBehind, Function<ViewSet.Queue, Doorbell> bells, Tracing tracing) {
    return WorkerService.startWorkers(azure, generation, settings, deadInstance, metrics, steps, viewsBehind, Arrivals.rungBy(bells),
        tracing);
  }
}
