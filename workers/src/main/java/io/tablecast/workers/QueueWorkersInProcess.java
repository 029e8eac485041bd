package io.tablecast.workers;

import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.concurrent.Doorbell;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.WorkStep;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.queue.Arrivals;
import io.tablecast.viewstore.adapter.queue.StepWorkers;
import io.tablecast.viewstore.application.work.InProcessWorkers;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The queue workers as the planned view set's projector runs them beside it: the engine's workers of its steps
 * ({@link StepWorkers}), found on its class path (listed in {@code META-INF/services}), woken by the
 * doorbells the projector rings when it has sent work.
 */
public final class QueueWorkersInProcess implements InProcessWorkers {

  @Override
  public Running start(AzureClients azure, Generation generation, List<WorkStep<?>> steps, WorkerSettings settings,
      Optional<String> deadInstance, MeterRegistry metrics, BooleanSupplier viewsBehind, Function<ViewSet.Queue, Doorbell> bells,
      Tracing tracing) {
    return StepWorkers.start(azure, generation, steps, settings,
        new StepWorkers.Beside(deadInstance, viewsBehind, Arrivals.rungBy(bells)), new ViewSetMetrics(metrics, generation.viewSet().name()),
        tracing, Clock.systemUTC());
  }
}
