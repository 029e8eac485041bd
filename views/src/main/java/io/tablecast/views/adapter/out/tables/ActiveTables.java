package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.TableClient;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogState;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.FollowActiveGeneration;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.projection.ViewSet;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The table clients of the generation that {@code ViewCatalog} names as active, following a flip
 * within seconds, without a restart (SPEC §6).
 *
 * <p>Reads never go backwards across a flip: the views move to the new generation only once its
 * checkpoints have reached the old generation's on every partition, which takes a moment at most,
 * since the live projector moves over too. After {@link #CATCH_UP_PATIENCE} they move anyway.
 */
public final class ActiveTables implements AutoCloseable {

  static final Duration CATCH_UP_PATIENCE = Duration.ofSeconds(30);
  private static final Logger log = LoggerFactory.getLogger(ActiveTables.class);

  private final TableClient checkpoints;
  private final TableClient telemetry;
  private final ViewCatalog catalog;
  private final FollowActiveGeneration<Clients> serving;
  private volatile Instant flipSeenAt;

  /**
   * The table clients of one generation, built once: building a {@code TableClient} builds its
   * REST proxy, which cost more than the rest of a point read's own work when done per request.
   */
  private record Clients(Generation generation, Map<ViewSet.Table, TableClient> tables) implements AutoCloseable {

    static Clients of(AzureClients azure, Generation generation) {
      Map<ViewSet.Table, TableClient> tables = new HashMap<>();
      for (ViewSet.Table table : generation.viewSet().tables()) {
        tables.put(table, azure.table(generation.table(table)));
      }
      return new Clients(generation, Map.copyOf(tables));
    }

    @Override
    public void close() {
      // Clients hold no resources of their own: the HTTP client is shared.
    }
  }

  public ActiveTables(AzureClients azure, Namespace namespace, ViewSet viewSet) {
    this.checkpoints = azure.table(new CatalogTables(namespace).projectorCheckpoints());
    this.telemetry = azure.table(new CatalogTables(namespace).telemetry());
    this.catalog = new ViewCatalog(azure.tableService(), namespace, viewSet);
    this.serving = new FollowActiveGeneration<>(catalog, "views",
        generation -> Clients.of(azure, generation), this::caughtUp);
  }

  /** The generation that reads go to. */
  public Generation active() {
    return serving.generation();
  }

  /** Generation {@code number} of the view set, active or not. */
  public Generation generation(int number) {
    return catalog.generation(number);
  }

  public CatalogState state() {
    return serving.state();
  }

  public TableClient client(ViewSet.Table table) {
    return serving.current().tables().get(table);
  }

  /** {@code ProjectorCheckpoints}, which carries no generation suffix; rows by {@link Generation#checkpointPartition()}. */
  public TableClient checkpoints() {
    return checkpoints;
  }

  /** The telemetry rows' table, which carries no generation. */
  public TableClient telemetry() {
    return telemetry;
  }

  /** Whether {@code next} has applied as much of the log as {@code current}, or has had its patience's worth of time to. */
  private boolean caughtUp(Generation current, Generation next) {
    Instant now = Instant.now();
    if (flipSeenAt == null) {
      flipSeenAt = now;
    }
    Map<String, Long> old = CheckpointRows.applied(checkpoints, current);
    Map<String, Long> caughtUp = CheckpointRows.applied(checkpoints, next);
    if (old.entrySet().stream().allMatch(e -> caughtUp.getOrDefault(e.getKey(), -1L) >= e.getValue())) {
      flipSeenAt = null;
      return true;
    }
    if (Duration.between(flipSeenAt, now).compareTo(CATCH_UP_PATIENCE) >= 0) {
      log.warn("Generation {} has not reached generation {}'s checkpoints in {} s; serving it anyway", next.number(), current.number(),
          CATCH_UP_PATIENCE.toSeconds());
      flipSeenAt = null;
      return true;
    }
    return false;
  }

  @Override
  public void close() {
    serving.close();
  }
}
