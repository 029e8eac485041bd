package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.TableClient;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogState;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.common.tables.ViewTable;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The table clients of the generation that {@code ViewCatalog} names as active, refreshed every
 * {@link #REFRESH} so that the views follow a flip within seconds, without a restart (SPEC §6).
 * A failed refresh keeps the last known generation and is logged.
 *
 * <p>Reads never go backwards across a flip: the views move to the new generation only once its
 * checkpoints have reached the old generation's on every partition, which takes a moment at most,
 * since the live projector moves over too. After {@link #CATCH_UP_PATIENCE} they move anyway.
 */
public final class ActiveTables implements AutoCloseable {

  static final Duration REFRESH = Duration.ofSeconds(2);
  static final Duration CATCH_UP_PATIENCE = Duration.ofSeconds(30);
  private static final Logger log = LoggerFactory.getLogger(ActiveTables.class);

  private final AzureClients azure;
  private final ViewCatalog catalog;
  private final Namespace namespace;
  private final ScheduledExecutorService refresher;
  private final TableClient checkpoints;
  private volatile CatalogState state;
  private volatile Clients serving;
  private Instant flipSeenAt;

  /**
   * The table clients of one generation, built once: building a {@code TableClient} builds its
   * REST proxy, which cost more than the rest of a point read's own work when done per request.
   */
  private record Clients(Generation generation, Map<ViewTable, TableClient> tables) {

    static Clients of(AzureClients azure, Generation generation) {
      Map<ViewTable, TableClient> tables = new EnumMap<>(ViewTable.class);
      for (ViewTable table : ViewTable.values()) {
        tables.put(table, azure.table(generation.table(table)));
      }
      return new Clients(generation, tables);
    }
  }

  public ActiveTables(AzureClients azure, Namespace namespace) {
    this.azure = azure;
    this.namespace = namespace;
    this.catalog = new ViewCatalog(azure.tableService(), namespace);
    this.checkpoints = azure.table(new CatalogTables(namespace).projectorCheckpoints());
    this.state = catalog.read();
    this.serving = Clients.of(azure, new Generation(namespace, state.activeGeneration()));
    this.refresher = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("view-catalog-refresh"));
    refresher.scheduleWithFixedDelay(this::refresh, REFRESH.toMillis(), REFRESH.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The generation that reads go to. */
  public Generation active() {
    return serving.generation();
  }

  public CatalogState state() {
    return state;
  }

  public TableClient client(ViewTable table) {
    return serving.tables().get(table);
  }

  /** {@code ProjectorCheckpoints}, which carries no generation suffix; rows by {@link Generation#checkpointPartition()}. */
  public TableClient checkpoints() {
    return checkpoints;
  }

  private void refresh() {
    try {
      CatalogState latest = catalog.read();
      state = latest;
      int current = serving.generation().number();
      if (latest.activeGeneration() != current && mayMoveTo(current, latest.activeGeneration())) {
        log.info("View catalog flipped: serving generation {} -> {}", current, latest.activeGeneration());
        serving = Clients.of(azure, new Generation(namespace, latest.activeGeneration()));
        flipSeenAt = null;
      }
    } catch (RuntimeException e) {
      if (azure.outage().ongoing()) {
        log.debug("Could not refresh the view catalog ({}); still serving generation {}", e.toString(), active().number()); // logged once as an outage
      } else {
        log.warn("Could not refresh the view catalog; still serving generation {}", active().number(), e);
      }
    }
  }

  private boolean mayMoveTo(int serving, int next) {
    Instant now = Instant.now();
    if (flipSeenAt == null) {
      flipSeenAt = now;
    }
    Map<String, Long> old = applied(new Generation(namespace, serving));
    Map<String, Long> caughtUp = applied(new Generation(namespace, next));
    if (old.entrySet().stream().allMatch(e -> caughtUp.getOrDefault(e.getKey(), -1L) >= e.getValue())) {
      return true;
    }
    if (Duration.between(flipSeenAt, now).compareTo(CATCH_UP_PATIENCE) >= 0) {
      log.warn("Generation {} has not reached generation {}'s checkpoints in {} s; serving it anyway", next, serving,
          CATCH_UP_PATIENCE.toSeconds());
      return true;
    }
    return false;
  }

  private Map<String, Long> applied(Generation generation) {
    return CheckpointRows.applied(checkpoints, generation);
  }

  @Override
  public void close() {
    refresher.shutdownNow();
  }
}
