package io.tablecast.operations.viewsets;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.operations.adapter.out.tables.TableRowWriter;
import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import io.tablecast.viewstore.adapter.out.tables.ViewStoreBootstrap;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Rebuilds any view set from its log (SPEC §6): proposes the next generation in the view set's
 * own catalog row, folds the log up to its end at the start ({@link InMemoryViews}, the engine's
 * turns) into a file ({@link DiskRows}), loads the rows from there into the new generation's tables
 * in EGTs of upserts, partition by partition, writes its checkpoints at those ends, and flips. The
 * live projector follows the flip and applies what came after the ends; once it has, the old
 * generation is dropped. The other view sets, HR included, serve throughout.
 *
 * <p>A rebuild that stopped before its flip (killed, or failed) leaves its generation pending; the
 * next one drops what it had loaded and starts again from the log. A dry run stops before the flip
 * on purpose, its generation loaded: the next run flips it without folding again, and {@link
 * #abort} drops it (a run building it then stops). The view set's rows need not
 * fit in memory: they need as much room on disk, in the temporary directory.
 *
 * @param <E> the view set's events
 */
public final class ViewSetRebuild<E> {

  /** How long the live projector may take to move to the new generation before the old one is dropped anyway. */
  public static final Duration MOVE_PATIENCE = Duration.ofSeconds(60);

  private final KafkaSettings kafka;
  private final AzureClients azure;
  private final Namespace namespace;
  private final ProjectedViewSet<E> views;
  private final Consumer<String> progress;
  private final Duration movePatience;
  private final Clock clock;

  /** @param movePatience how long the old generation waits after the flip for the live projector to leave it */
  public ViewSetRebuild(KafkaSettings kafka, AzureClients azure, Namespace namespace, ProjectedViewSet<E> views, Consumer<String> progress,
      Duration movePatience, Clock clock) {
    this.kafka = kafka;
    this.azure = azure;
    this.namespace = namespace;
    this.views = views;
    this.progress = progress;
    this.movePatience = movePatience;
    this.clock = clock;
  }

  /** How a run ended. */
  public enum Ending {
    /** The new generation is active. */
    FLIPPED,
    /** A dry run: the new generation is built and stays pending, for the next run to flip or for {@link #abort} to drop. */
    BUILT,
    /** The pending generation was withdrawn ({@link #abort}) while this run built it. */
    ABORTED
  }

  /** How a run ended, and the generation it built. */
  public record Outcome(Ending ending, Generation generation) {}

  /**
   * Builds the next generation and flips to it, or, with {@code dryRun}, stops before the flip. A
   * pending generation that a dry run built (its checkpoints cover every partition of the view
   * set's topics) is flipped without folding the log again: the live projector applies what came
   * after its ends.
   */
  public Outcome run(boolean dryRun) {
    ViewStoreBootstrap.ensure(azure, namespace, views.viewSet());
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, views.viewSet());
    ViewCatalog.Versioned from = catalog.readVersioned();
    Generation old = catalog.generation(from.state().activeGeneration());
    Generation next = old.next();
    GenerationStorage storage = new GenerationStorage(azure);
    ViewSetLog<E> log = new ViewSetLog<>(kafka, namespace, views);
    Map<TopicPartition, Long> end = log.endOffsets();
    boolean built = false;
    if (from.state().pendingGeneration().isPresent()) {
      next = catalog.generation(from.state().pendingGeneration().getAsInt());
      built = builtEarlier(next, end);
      if (built) {
        progress.accept("Generation " + next.number() + " of view set " + views.viewSet().name()
            + " was built earlier; it is not folded again");
      } else {
        progress.accept("A rebuild into generation " + next.number() + " did not finish; it starts again from the log");
        storage.drop(next);
      }
    } else if (!catalog.propose(from, next.number())) {
      throw new IllegalStateException("The catalog of view set '" + views.viewSet().name() + "' changed meanwhile; run the rebuild again");
    }
    if (!built) {
      try {
        build(catalog, next, log, end);
      } catch (Aborted e) {
        return aborted(next);
      } catch (RuntimeException e) {
        if (pending(catalog, next)) {
          throw e;
        }
        return aborted(next);
      }
    }
    if (dryRun) {
      progress.accept("Generation " + next.number() + " of view set " + views.viewSet().name() + " is built and stays pending: "
          + "'tablecast rebuild --view-set " + views.viewSet().name() + "' flips it, 'tablecast abort --view-set " + views.viewSet().name()
          + "' drops it");
      return new Outcome(Ending.BUILT, next);
    }
    ViewCatalog.Versioned before = catalog.readVersioned();
    if (before.state().pendingGeneration().orElse(0) != next.number()) {
      return aborted(next);
    }
    if (!catalog.flip(before)) {
      throw new IllegalStateException("The catalog of view set '" + views.viewSet().name() + "' changed during the rebuild");
    }
    progress.accept("ViewCatalog flipped: generation " + next.number() + " of view set " + views.viewSet().name() + " is active");
    awaitLiveProjector(next);
    storage.drop(old);
    return new Outcome(Ending.FLIPPED, next);
  }

  /**
   * Drops the pending generation of the view set, if there is one: withdrawn from its catalog row,
   * then its tables, queues and checkpoints deleted. A rebuild working on it stops at its next step
   * ({@link Ending#ABORTED}). Returns the generation dropped.
   */
  public static OptionalInt abort(AzureClients azure, Namespace namespace, ViewSet viewSet) {
    ViewStoreBootstrap.ensure(azure, namespace, viewSet);
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, viewSet);
    while (true) {
      ViewCatalog.Versioned current = catalog.readVersioned();
      OptionalInt pending = current.state().pendingGeneration();
      if (pending.isEmpty() || catalog.withdraw(current)) {
        pending.ifPresent(number -> new GenerationStorage(azure).drop(catalog.generation(number)));
        return pending;
      }
    }
  }

  /** Folds the log up to {@code end} into a file, loads the rows into {@code next}, and writes its checkpoints there. */
  private void build(ViewCatalog catalog, Generation next, ViewSetLog<E> log, Map<TopicPartition, Long> end) throws Aborted {
    new GenerationStorage(azure).create(next);
    progress.accept("Rebuilding view set " + views.viewSet().name() + " into generation " + next.number());
    Map<TopicPartition, Long> reached;
    try (DiskRows rows = new DiskRows(views.viewSet())) {
      InMemoryViews<E> folded = new InMemoryViews<>(views.projections(), rows);
      long[] events = {0};
      reached = log.read(end, batch -> {
        folded.apply(batch);
        events[0] += batch.size();
        progress.accept(String.format("folded %,d events", events[0]));
      });
      folded.settle();
      if (!pending(catalog, next)) {
        throw new Aborted();
      }
      load(next, rows);
      progress.accept(String.format("loaded %,d rows", rows.size()));
    }
    if (!pending(catalog, next)) {
      throw new Aborted();
    }
    checkpoint(next, reached);
  }

  /** Whether {@code generation} is still the view set's pending one. */
  private static boolean pending(ViewCatalog catalog, Generation generation) {
    return catalog.read().pendingGeneration().orElse(0) == generation.number();
  }

  private Outcome aborted(Generation generation) {
    progress.accept("The rebuild into generation " + generation.number() + " of view set " + views.viewSet().name()
        + " was aborted; the live generation serves as before");
    return new Outcome(Ending.ABORTED, generation);
  }

  /** Whether a run before loaded {@code pending} completely: the last thing it writes, a checkpoint per partition, is there. */
  private boolean builtEarlier(Generation pending, Map<TopicPartition, Long> end) {
    Map<String, TableEntity> rows = CheckpointRows.read(azure.table(new CatalogTables(namespace).projectorCheckpoints()), pending);
    return !end.isEmpty() && end.keySet().stream()
        .allMatch(partition -> rows.containsKey(CheckpointLayout.rowKey(partition.topic(), partition.partition())));
  }

  /** The pending generation was withdrawn while it was built. */
  private static final class Aborted extends Exception {
    Aborted() {
      super(null, null, false, false);
    }
  }

  /** The rows by the bulk loader of HR's rebuild: upserts in EGTs of one partition, many partitions in parallel. */
  private void load(Generation generation, Map<RowRef, Map<String, Object>> rows) {
    try (TableRowWriter writer = new TableRowWriter(azure, generation)) {
      rows.forEach((ref, properties) -> writer.write(new RowChange.Put(ref, properties)));
      writer.flush();
    }
  }

  /** The new generation's checkpoints: every record below the ends folded; the live projector resumes after them. */
  private void checkpoint(Generation generation, Map<TopicPartition, Long> reached) {
    OffsetDateTime now = OffsetDateTime.now(clock);
    TableClient checkpoints = azure.table(new CatalogTables(namespace).projectorCheckpoints());
    reached.forEach((partition, offset) -> {
      TableEntity row = new TableEntity(generation.checkpointPartition(), CheckpointLayout.rowKey(partition.topic(), partition.partition()))
          .addProperty(CheckpointLayout.LAST_PROGRESS_AT, now).addProperty(CheckpointLayout.HEARTBEAT_AT, now)
          .addProperty(CheckpointLayout.LAG, 0L);
      if (offset > 0) {
        row.addProperty(CheckpointLayout.APPLIED_OFFSET, offset - 1);
      }
      checkpoints.upsertEntity(row);
    });
  }

  /** Until every checkpoint of the new generation has a heartbeat after the flip: the live projector moved. */
  private void awaitLiveProjector(Generation next) {
    Instant flipped = clock.instant();
    Instant deadline = flipped.plus(movePatience);
    TableClient checkpoints = azure.table(new CatalogTables(namespace).projectorCheckpoints());
    while (clock.instant().isBefore(deadline)) {
      Map<String, TableEntity> rows = CheckpointRows.read(checkpoints, next);
      boolean moved = !rows.isEmpty() && rows.values().stream().allMatch(row ->
          row.getProperty(CheckpointLayout.HEARTBEAT_AT) instanceof OffsetDateTime at && at.toInstant().isAfter(flipped));
      if (moved) {
        progress.accept("The live projector moved to generation " + next.number());
        return;
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    progress.accept("The live projector has not moved to generation " + next.number() + " within " + movePatience.toSeconds()
        + " s; the old generation is dropped anyway");
  }
}
