package io.tablecast.operations.rebuild;

import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogState;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.projection.LogAudit;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projector.GenerationPipeline;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replayable rebuild (SPEC §6): builds a new generation from the log beside the live one, then
 * flips {@code ViewCatalog} to it in one conditional write and deletes the old generation whole
 * after a grace period. In three phases:
 *
 * <ol>
 *   <li><b>Fold.</b> The log up to its end {@code E} at the start is folded with the production
 *       folds into the rows every view table must hold, in bounded memory ({@link BulkLoad}; the
 *       same computation as {@code verify}'s).
 *   <li><b>Bulk load.</b> The rows go into the new generation's empty tables as full Entity Group
 *       Transactions, many partitions at once: no reads, no replaces, no queue work.
 *   <li><b>Catch up.</b> The generation's checkpoints are set at {@code E}; its projector, with a
 *       consumer group of its own, applies what came after on the live path. Its queue workers start
 *       once it has caught up; it takes over once it has and its queues are empty.
 * </ol>
 *
 * <p>Resumable: the pending generation, the load's planned end, its checkpoints and its consumer
 * group's offsets survive a stop or a crash, and the next run continues from them (a load stopped
 * half-way is done again, to the same end). Several runs may even work on one pending generation
 * at once; the conditional writes let only one flip.
 */
public final class Rebuild {

  private static final Logger log = LoggerFactory.getLogger(Rebuild.class);

  /**
   * @param dryRun build the new generation and stop before the flip
   * @param grace how long the old generation outlives the flip, for readers still on it
   * @param tick how often progress is measured and reported
   */
  public record Options(boolean dryRun, Duration grace, Duration tick) {
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(60);
  }

  /** How a run ended. */
  public enum Outcome {
    /** The new generation is active and the old one is deleted. */
    FLIPPED,
    /** A dry run: the new generation is built and still pending. */
    BUILT,
    /** Stopped before the flip; the next run resumes. */
    STOPPED,
    /** The pending generation was withdrawn by an abort. */
    ABORTED
  }

  /** Told what the rebuild does, for a progress display. */
  public interface Listener {
    void started(Generation pending, Generation live, boolean resumed);

    void progress(RebuildStatus status);

    /** The bulk load's progress: {@code count} things done in {@code step} ("events read", "rows loaded"). */
    default void loading(String step, long count) {}

    /** The bulk load is done: the generation's projector starts at the log's end as it was at the start. */
    default void loaded(GenerationLoad.Report report) {}

    void flipped(Generation from, Generation to, Duration grace);

    void dropped(Generation old);
  }

  private final ProjectorConfig config;
  /** The view set this rebuild builds, which the live projector keeps ({@link GenerationPipeline}), and how its log folds. */
  private final PlannedViewSet<?> planned;
  private final AzureClients azure;
  private final MeterRegistry metrics;
  private final ViewCatalog catalog;
  private final GenerationStorage storage;
  private final Clock clock;
  private volatile boolean stopping;

  public Rebuild(ProjectorConfig config, AzureClients azure, MeterRegistry metrics, Clock clock) {
    this.config = config;
    this.planned = PlannedViewSet.found(config.viewSets().loader());
    this.azure = azure;
    this.metrics = metrics;
    this.catalog = new ViewCatalog(azure.tableService(), config.namespace(), planned.views().viewSet());
    this.storage = new GenerationStorage(azure);
    this.clock = clock;
  }

  /** Asks a running {@link #run} to stop at its next tick, keeping everything for a resume. */
  public void stop() {
    stopping = true;
  }

  public Outcome run(Options options, Listener listener) {
    catalog.initialize();
    Claim claim = claim();
    Generation live = generation(claim.live());
    Generation pending = generation(claim.pending());
    storage.create(pending);
    listener.started(pending, live, claim.resumed());
    Optional<Outcome> interrupted = load(pending, listener);
    if (interrupted.isPresent()) {
      return interrupted.get();
    }
    try (RebuildProbe probe = new RebuildProbe(azure, config.kafka(), topics(), clock)) {
      Outcome outcome = project(options, listener, probe, live, pending);
      if (outcome == Outcome.FLIPPED) {
        dropOld(probe, live);
        listener.dropped(live);
      }
      return outcome;
    }
  }

  /** Thrown from the load's progress to end it early: the run stops, or the generation was withdrawn. */
  private static final class LoadInterrupted extends RuntimeException {
    private final Outcome outcome;

    LoadInterrupted(Outcome outcome) {
      super(null, null, false, false);
      this.outcome = outcome;
    }
  }

  /**
   * Folds the log into the pending generation and sets its checkpoints at the log's end, unless
   * an earlier run finished that. Empty when done; the outcome when stopped or aborted meanwhile.
   */
  private Optional<Outcome> load(Generation pending, Listener listener) {
    BulkLoad<?> load = bulkLoad(planned.audit(), pending);
    if (load.done()) {
      return Optional.empty();
    }
    try {
      GenerationLoad.Report report = load.run(Verifier.Settings.defaults(), (step, count) -> {
        if (stopping) {
          throw new LoadInterrupted(Outcome.STOPPED);
        }
        if (catalog.read().pendingGeneration().orElse(-1) != pending.number()) {
          throw new LoadInterrupted(Outcome.ABORTED);
        }
        listener.loading(step, count);
      });
      listener.loaded(report);
      return Optional.empty();
    } catch (LoadInterrupted e) {
      log.info("Rebuild: the load of generation {} ended early: {}", pending.number(), e.outcome);
      return Optional.of(e.outcome);
    }
  }

  /**
   * Withdraws the pending generation, waits for the rebuilds working on it to stop, and deletes
   * it: tables, queues, checkpoints and consumer group. Returns the generation dropped, if any.
   */
  public OptionalInt abort() {
    while (true) {
      ViewCatalog.Versioned current = catalog.readVersioned();
      OptionalInt pending = current.state().pendingGeneration();
      if (pending.isEmpty()) {
        return pending;
      }
      if (catalog.withdraw(current)) {
        Generation dropped = generation(pending.getAsInt());
        try (RebuildProbe probe = new RebuildProbe(azure, config.kafka(), topics(), clock)) {
          deleteGroup(probe, dropped, Duration.ofSeconds(60));
        }
        storage.drop(dropped);
        log.info("Rebuild of generation {} aborted and dropped", dropped.number());
        return pending;
      }
    }
  }

  /** Which generations a run works on, and whether it continues an earlier run. */
  private record Claim(int live, int pending, boolean resumed) {}

  /** The pending generation to work on: the one already pending, or active + 1, proposed now. */
  private Claim claim() {
    while (true) {
      ViewCatalog.Versioned current = catalog.readVersioned();
      CatalogState state = current.state();
      if (state.pendingGeneration().isPresent()) {
        return new Claim(state.activeGeneration(), state.pendingGeneration().getAsInt(), true);
      }
      int next = state.activeGeneration() + 1;
      if (catalog.propose(current, next)) {
        log.info("Rebuild: generation {} proposed beside the live generation {}", next, state.activeGeneration());
        return new Claim(state.activeGeneration(), next, false);
      }
    }
  }

  private TopicNames topics() {
    return TopicNames.of(config.namespace(), planned.views().topics());
  }

  private <E> BulkLoad<E> bulkLoad(LogAudit<E> audit, Generation pending) {
    return new BulkLoad<>(config.kafka(), azure, pending, audit, config.onFailure(), clock);
  }

  /** Projects into {@code pending} until it may take over, then flips; keeps projecting through the grace period. */
  private Outcome project(Options options, Listener listener, RebuildProbe probe, Generation live, Generation pending) {
    try (GenerationPipeline pipeline = GenerationPipeline.startProjecting(config, planned, azure, pending, metrics)) {
      while (!stopping) {
        Optional<Outcome> outcome;
        try {
          outcome = tick(options, listener, probe, pipeline, live);
        } catch (RuntimeException e) {
          // The pipeline retries storage on its own; a failed look at the progress only waits for the next tick.
          log.warn("Could not measure the rebuild's progress ({}); trying again", e.getMessage());
          outcome = Optional.empty();
        }
        if (outcome.isPresent()) {
          return outcome.get();
        }
        sleep(options.tick());
      }
      return Outcome.STOPPED;
    }
  }

  /** One look at the catalog and the progress: the outcome once there is one. */
  private Optional<Outcome> tick(Options options, Listener listener, RebuildProbe probe, GenerationPipeline pipeline, Generation live) {
    Generation pending = pipeline.generation();
    ViewCatalog.Versioned current = catalog.readVersioned();
    if (current.state().pendingGeneration().orElse(-1) != pending.number()) {
      return Optional.of(current.state().activeGeneration() == pending.number() ? afterFlip(options, listener, live, pending) : Outcome.ABORTED);
    }
    RebuildStatus status = probe.status(pending, live);
    listener.progress(status);
    if (status.caughtUp()) {
      pipeline.startWorkers();
    }
    if (!status.readyToFlip()) {
      return Optional.empty();
    }
    if (options.dryRun()) {
      return Optional.of(Outcome.BUILT);
    }
    if (!catalog.flip(current)) {
      return Optional.empty(); // the catalog changed meanwhile: look again
    }
    log.info("Rebuild: ViewCatalog flipped from generation {} to {}", live.number(), pending.number());
    return Optional.of(afterFlip(options, listener, live, pending));
  }

  /**
   * Keeps the new generation current while readers and the live projector move over to it. A stop
   * asked for meanwhile cuts the grace period short.
   */
  private Outcome afterFlip(Options options, Listener listener, Generation live, Generation pending) {
    listener.flipped(live, pending, options.grace());
    Instant until = clock.instant().plus(options.grace());
    while (clock.instant().isBefore(until) && !stopping) {
      sleep(Duration.ofMillis(Math.min(500, Duration.between(clock.instant(), until).toMillis() + 1)));
    }
    return Outcome.FLIPPED;
  }

  /**
   * Drops the old generation once the projectors that followed it have left its consumer group:
   * a pipeline that is still stopping may write its last checkpoint marks, which must not land
   * after its checkpoints were deleted. If members stay past the patience, drops it anyway.
   */
  private void dropOld(RebuildProbe probe, Generation old) {
    deleteGroup(probe, old, Duration.ofSeconds(30));
    storage.drop(old);
  }

  /** Deletes the generation's consumer group once its members have left (they stop on their own). */
  private void deleteGroup(RebuildProbe probe, Generation generation, Duration patience) {
    String group = GenerationPipeline.group(config, generation);
    Instant deadline = clock.instant().plus(patience);
    while (!probe.deleteGroup(group)) {
      if (clock.instant().isAfter(deadline)) {
        log.warn("Consumer group {} still has members after {} s; left in place", group, patience.toSeconds());
        return;
      }
      sleep(Duration.ofSeconds(1));
    }
  }

  private Generation generation(int number) {
    return catalog.generation(number);
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(Math.max(1, duration.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted", e);
    }
  }
}
