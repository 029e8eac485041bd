package io.tablecast.workers;

import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.projection.ViewSet;
import io.tablecast.common.concurrent.Doorbell;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.viewstore.application.work.InProcessWorkers;
import io.tablecast.viewstore.adapter.queue.Arrivals;
import io.tablecast.workers.application.work.WorkerStores;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The queue workers as a projector runs them beside it: found on its class path (listed in
 * {@code META-INF/services}), woken by the doorbells the projector rings when it has sent work.
 */
public final class QueueWorkersInProcess implements InProcessWorkers {

  private final UnaryOperator<WorkerStores> stores;

  /** The workers a process finds on its class path. */
  public QueueWorkersInProcess() {
    this(UnaryOperator.identity());
  }

  /** @param stores the stores the workers use, made of those over the tables (a test's faults wrap them) */
  public QueueWorkersInProcess(UnaryOperator<WorkerStores> stores) {
    this.stores = stores;
  }

  @Override
  public Running start(AzureClients azure, Generation generation, WorkerSettings settings, Optional<String> deadInstance,
      MeterRegistry metrics, BooleanSupplier viewsBehind, Function<ViewSet.Queue, Doorbell> bells, Tracing tracing) {
    return WorkerService.startWorkers(azure, generation, settings, deadInstance, metrics, viewsBehind, Arrivals.rungBy(bells),
        tracing, stores);
  }
}
