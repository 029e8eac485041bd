package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.TableClient;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CatalogState;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.common.tables.ViewTable;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The table clients of the generation that {@code ViewCatalog} names as active, refreshed every
 * {@link #REFRESH} so that the views follow a flip within seconds, without a restart (SPEC §6).
 * A failed refresh keeps the last known generation and is logged.
 */
public final class ActiveTables implements AutoCloseable {

  static final Duration REFRESH = Duration.ofSeconds(2);
  private static final Logger log = LoggerFactory.getLogger(ActiveTables.class);

  private final AzureClients azure;
  private final ViewCatalog catalog;
  private final Namespace namespace;
  private final ScheduledExecutorService refresher;
  private volatile CatalogState state;

  public ActiveTables(AzureClients azure, Namespace namespace) {
    this.azure = azure;
    this.namespace = namespace;
    this.catalog = new ViewCatalog(azure.tableService(), namespace);
    this.state = catalog.read();
    this.refresher = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "view-catalog-refresh");
      t.setDaemon(true);
      return t;
    });
    refresher.scheduleWithFixedDelay(this::refresh, REFRESH.toMillis(), REFRESH.toMillis(), TimeUnit.MILLISECONDS);
  }

  public Generation active() {
    return new Generation(namespace, state.activeGeneration());
  }

  public CatalogState state() {
    return state;
  }

  public TableClient client(ViewTable table) {
    return azure.table(active().table(table));
  }

  /** {@code ProjectorCheckpoints}, which carries no generation suffix; rows by {@link Generation#checkpointPartition()}. */
  public TableClient checkpoints() {
    return azure.table(new CatalogTables(namespace).projectorCheckpoints());
  }

  private void refresh() {
    try {
      CatalogState latest = catalog.read();
      if (latest.activeGeneration() != state.activeGeneration()) {
        log.info("View catalog flipped: generation {} -> {}", state.activeGeneration(), latest.activeGeneration());
      }
      state = latest;
    } catch (RuntimeException e) {
      log.warn("Could not refresh the view catalog; still serving generation {}", state.activeGeneration(), e);
    }
  }

  @Override
  public void close() {
    refresher.shutdownNow();
  }
}
