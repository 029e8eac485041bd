package io.tablecast.viewstore.application.work;

import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.WorkStep;
import io.tablecast.common.concurrent.Doorbell;
import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The queue workers that a projector runs in its own process, beside the projection of a
 * generation (dev mode, a rebuild, and the {@code projector} service unless {@code
 * TABLECAST_WORKERS=0}).
 *
 * <p>The projector does not compile against the workers: it finds them on its class path as a
 * {@link ServiceLoader} service, which the workers module provides. A process whose class path has
 * no workers runs none, and says so if it was asked for some.
 */
public interface InProcessWorkers {

  /**
   * Starts the workers of one generation's steps.
   *
   * @param steps the view set's steps, each on its queue
   * @param deadInstance the instance of a run that crashed, whose leases the workers may take over at once
   * @param viewsBehind whether the views are behind their freshness target, so the workers give way
   * @param bells the doorbell of each queue, which the projector rings once it has sent work there
   * @param tracing a span per work item, in the trace of its event
   */
  Running start(AzureClients azure, Generation generation, List<WorkStep<?>> steps, WorkerSettings settings, Optional<String> deadInstance,
      MeterRegistry metrics, BooleanSupplier viewsBehind, Function<ViewSet.Queue, Doorbell> bells, Tracing tracing);

  /** The workers on the class path ({@link #onClassPath()}), looked up when first started. */
  InProcessWorkers ON_CLASS_PATH = (azure, generation, steps, settings, deadInstance, metrics, viewsBehind, bells, tracing) ->
      onClassPath().start(azure, generation, steps, settings, deadInstance, metrics, viewsBehind, bells, tracing);

  /** Workers that run until closed. */
  interface Running extends AutoCloseable {

    /** How many workers run. */
    int size();

    /** False once a worker thread died. */
    boolean alive();

    /** Stops the workers after their current message. */
    @Override
    void close();
  }

  /**
   * The workers on the class path.
   *
   * @throws ConfigException if there are none, or more than one
   */
  static InProcessWorkers onClassPath() {
    var found = ServiceLoader.load(InProcessWorkers.class).stream().map(ServiceLoader.Provider::get).toList();
    if (found.size() != 1) {
      throw new ConfigException("this process is to run queue workers (TABLECAST_WORKERS), and finds " + found.size()
          + " implementations of them on its class path instead of one; set TABLECAST_WORKERS=0 to run them as their own service");
    }
    return found.get(0);
  }
}
