package io.tablecast.viewstore.adapter.out.tables;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.projection.ViewSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a fresh storage account usable: the {@code ViewCatalog} row (generation 1 on first
 * start), {@code ProjectorCheckpoints}, {@code Telemetry}, and the tables and queues of the active
 * generation.
 * Idempotent; every projector instance runs it at start.
 */
public final class ViewStoreBootstrap {

  private static final Logger log = LoggerFactory.getLogger(ViewStoreBootstrap.class);

  private ViewStoreBootstrap() {}

  /** Returns the active generation, with its tables and queues in place. */
  public static Generation ensure(AzureClients azure, Namespace namespace, ViewSet viewSet) {
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, viewSet);
    Generation active = catalog.generation(catalog.initialize().activeGeneration());
    azure.tableService().createTableIfNotExists(new CatalogTables(namespace).projectorCheckpoints());
    azure.tableService().createTableIfNotExists(new CatalogTables(namespace).telemetry());
    new GenerationStorage(azure).create(active);
    log.info("View set {} ready: active generation {}", viewSet.name(), active.number());
    return active;
  }
}
