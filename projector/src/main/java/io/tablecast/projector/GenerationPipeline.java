package io.tablecast.projector;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.concurrent.Doorbell;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projection.LivePlan;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projection.Projection;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.Turn.Write;
import io.tablecast.projector.adapter.in.kafka.EventConsumer;
import io.tablecast.projector.adapter.in.kafka.EventSource;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.adapter.out.metrics.FreshnessTimers;
import io.tablecast.projector.adapter.out.queue.QueueWorkSender;
import io.tablecast.projector.adapter.out.tables.TableCheckpointStore;
import io.tablecast.projector.application.BatchApplier;
import io.tablecast.projector.application.ProjectionTurns;
import io.tablecast.projector.application.Projector;
import io.tablecast.projector.application.WorkItemSender;
import io.tablecast.projector.application.work.PendingWork;
import io.tablecast.viewstore.adapter.out.tables.AzureFailures;
import io.tablecast.viewstore.adapter.out.tables.GenerationRows;
import io.tablecast.viewstore.adapter.out.tables.TableTurns;
import io.tablecast.viewstore.application.work.InProcessWorkers;
import java.time.Clock;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Everything that projects the event log of the planned view set ({@link PlannedViewSet}) into
 * one generation, as its {@link LivePlan} says: a consumer in that generation's own group ({@code
 * tablecast-projector-g<N>}), its tables and checkpoints, and its queue workers. The live
 * projector runs one for the active generation; a rebuild runs one for the pending generation
 * beside it (SPEC §6). Since the group carries the generation, a rebuild reads from offset 0, and
 * the live projector takes the group over where the rebuild left it.
 */
public final class GenerationPipeline implements AutoCloseable {

  private final Generation generation;
  private final EventConsumer<?> consumer;
  private final DeadLetters deadLetters;
  private final ExecutorService pool;
  private final PendingWorkRequests pending;
  private final Supplier<InProcessWorkers.Running> startWorkers;
  private volatile InProcessWorkers.Running workers;

  private GenerationPipeline(Generation generation, EventConsumer<?> consumer, DeadLetters deadLetters, ExecutorService pool,
      PendingWorkRequests pending, Supplier<InProcessWorkers.Running> startWorkers) {
    this.generation = generation;
    this.consumer = consumer;
    this.deadLetters = deadLetters;
    this.pool = pool;
    this.pending = pending;
    this.startWorkers = startWorkers;
  }

  /** The consumer group that projects {@code generation}. */
  public static String group(ProjectorConfig config, Generation generation) {
    return config.namespace().group("tablecast-projector-g" + generation.number());
  }

  /**
   * Starts projecting into {@code generation}, whose tables and queues must exist, and its queue workers.
   *
   * @param workers the queue workers to run beside the projection (unless {@code TABLECAST_WORKERS=0})
   * @param tracing the live projector's: its writes and its workers' join the traces of the events
   */
  public static GenerationPipeline start(ProjectorConfig config, PlannedViewSet<?> planned, AzureClients azure, Generation generation,
      MeterRegistry metrics, InProcessWorkers workers, Tracing tracing) {
    GenerationPipeline pipeline = create(config, planned, azure, generation, metrics, workers, true, tracing);
    pipeline.startWorkers();
    return pipeline;
  }

  /**
   * Starts projecting into {@code generation}, with its queue workers held back until {@link
   * #startWorkers()}. A rebuild starts them once it has caught up with the log: each work item
   * then reconciles against the final truth, and most find nothing left to do. These workers do
   * not give way to the views: a pending generation has no readers until the flip, and its work
   * must drain for the flip to come. A rebuild is not traced: it replays events whose traces
   * ended long ago.
   */
  public static GenerationPipeline startProjecting(ProjectorConfig config, PlannedViewSet<?> planned, AzureClients azure,
      Generation generation, MeterRegistry metrics) {
    return create(config, planned, azure, generation, metrics, InProcessWorkers.ON_CLASS_PATH, false, Tracing.OFF);
  }

  /**
   * The engine's turns for the plan's projections: each keeping the rows it wrote as many as the
   * plan says ({@link LivePlan#remembered()}), or none. Every row written is counted ({@code
   * tablecast_projector_writes_total{table}}), and the EGTs and lost races of the plan's first
   * stage's projections that keep rows too ({@code tablecast_projector_egt_size}, {@code tablecast_projector_egt_conflicts_total}).
   */
  private static ProjectionTurns turns(LivePlan<?> plan, AzureClients azure, Generation generation, MeterRegistry metrics) {
    DistributionSummary egtSizes = DistributionSummary.builder("tablecast.projector.egt.size")
        .description("Operations per Entity Group Transaction").publishPercentileHistogram().register(metrics);
    Counter conflicts = Counter.builder("tablecast.projector.egt.conflicts")
        .description("EGTs rolled back by a concurrent writer (409/412) and retried").register(metrics);
    TableTurns.Observer observed = new TableTurns.Observer() {
      @Override
      public void submitted(int operations) {
        egtSizes.record(operations);
      }

      @Override
      public void lostRace() {
        conflicts.increment();
      }
    };
    Map<Projection<?>, TableTurns> byProjection = new IdentityHashMap<>();
    plan.stages().stream().flatMap(List::stream).forEach(projection -> {
      int remembered = plan.remembered().getOrDefault(projection, 0);
      TableTurns.Observer observer = plan.stages().get(0).contains(projection) ? observed : TableTurns.Observer.NONE;
      byProjection.put(projection, remembered > 0 ? TableTurns.remembering(azure, generation, remembered, observer)
          : new TableTurns(azure, generation));
    });
    Map<String, Counter> writes = new ConcurrentHashMap<>();
    return new ProjectionTurns() {
      @Override
      public <E> List<Write> apply(Projection<E> projection, List<E> events) {
        List<Write> written = byProjection.get(projection).apply(projection, events);
        written.forEach(write -> writes.computeIfAbsent(write.ref().table().baseName(),
            table -> Counter.builder("tablecast.projector.writes").tag("table", table).description("Entities written").register(metrics))
            .increment());
        return written;
      }
    };
  }

  /** The projector of {@code generation}: its views through the engine's turns, its work through {@code work}. */
  static <E> Projector<E> projector(LivePlan<E> plan, AzureClients azure, Generation generation, MeterRegistry metrics, WorkItemSender work,
      ExecutorService pool, Tracing tracing) {
    return new Projector<>(plan, new GenerationRows(azure, generation), turns(plan, azure, generation, metrics), work, pool,
        new FreshnessTimers(metrics, Clock.systemUTC()), tracing);
  }

  /** @param giveWay whether the workers give way to the views while the projector is behind */
  private static <E> GenerationPipeline create(ProjectorConfig config, PlannedViewSet<E> planned, AzureClients azure, Generation generation,
      MeterRegistry metrics, InProcessWorkers inProcess, boolean giveWay, Tracing tracing) {
    ExecutorService pool = Executors.newFixedThreadPool(config.threads(), DaemonThreads.named("projector-g" + generation.number() + "-io"));
    Map<ViewSet.Queue, Doorbell> arrivals = new HashMap<>();
    generation.viewSet().queues().forEach(queue -> arrivals.put(queue, new Doorbell()));
    QueueWorkSender work = new QueueWorkSender(azure, generation, metrics, queue -> arrivals.get(queue).ring());
    Projector<E> projector = projector(planned.live(), azure, generation, metrics, work, pool, tracing);
    PendingWorkRequests pending = new PendingWorkRequests(
        new PendingWork(planned.live().unfinished(), new GenerationRows(azure, generation), work), AzureFailures.INSTANCE,
        "pending-work-g" + generation.number());
    DeadLetters deadLetters = new DeadLetters(config.kafka(), TopicNames.projectorDlq(config.namespace()));
    EventConsumer<E> consumer = new EventConsumer<>(
        config.kafka(),
        new EventConsumer.Settings(group(config, generation), config.onFailure(), config.stallTimeout(), config.maxPollRecords(),
            config.instanceId(), tracing),
        EventSource.of(config.namespace(), planned),
        new BatchApplier<>(projector, config.onFailure(), AzureFailures.INSTANCE),
        new TableCheckpointStore(azure.table(new CatalogTables(config.namespace()).projectorCheckpoints()), generation),
        deadLetters,
        AzureFailures.INSTANCE,
        metrics,
        Clock.systemUTC(),
        behind -> pending.request("the checkpoints of " + behind.size() + " partition(s) were behind the log"));
    if (config.recovery().requeuePendingWork()) {
      pending.request("the previous run stopped without cleaning up");
    }
    Supplier<InProcessWorkers.Running> workers = config.workers().perQueue() == 0 ? NoWorkers::new
        : () -> inProcess.start(azure, generation, planned.views().steps(), config.workers(), config.recovery().deadWorkerInstance(),
            metrics, giveWay ? consumer::isBehind : () -> false, arrivals::get, tracing);
    return new GenerationPipeline(generation, consumer, deadLetters, pool, pending, workers);
  }

  /** No queue workers in this process ({@code TABLECAST_WORKERS=0}): they run as their own service. */
  private static final class NoWorkers implements InProcessWorkers.Running {
    @Override
    public int size() {
      return 0;
    }

    @Override
    public boolean alive() {
      return true;
    }

    @Override
    public void close() {}
  }

  /** Starts the queue workers, unless they run already. */
  public synchronized void startWorkers() {
    if (workers == null) {
      workers = startWorkers.get();
    }
  }

  public Generation generation() {
    return generation;
  }

  /** Up unless the consumer loop died, stalled or paused a partition, or a worker thread died. */
  public boolean healthy() {
    return consumer.isHealthy() && (workers == null || workers.alive());
  }

  /** What {@code /health} shows about this pipeline. */
  public Map<String, Object> details() {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("generation", generation.number());
    details.put("workers", workers == null ? 0 : workers.size());
    details.put("stalled", consumer.isStalled());
    details.put("lastProgressAt", consumer.lastProgress().toString());
    Map<String, String> paused = new LinkedHashMap<>();
    consumer.pausedPartitions().forEach((p, reason) -> paused.put(p.topic() + "-" + p.partition(), reason));
    details.put("pausedPartitions", paused);
    return details;
  }

  /** Stops the workers after their current message and the consumer after its current batch. */
  @Override
  public void close() {
    if (workers != null) {
      workers.close();
    }
    consumer.close();
    pending.close();
    deadLetters.close();
    pool.shutdown();
    try {
      pool.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
