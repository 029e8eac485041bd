package io.tablecast.common.tables;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.common.config.Namespace;
import java.time.Duration;
import java.util.OptionalInt;

/**
 * The {@code ViewCatalog} table (SPEC §6, §9): which generation of the HR view set is active,
 * and which is pending. PartitionKey {@code catalog}, RowKey {@code hr}.
 *
 * <p>Reads never fail on a fresh account: with no table or no row, the catalog is {@link
 * CatalogState#INITIAL}. Only {@link #initialize()} writes, so a reader with a read-only SAS can
 * use this class.
 */
public final class ViewCatalog {

  static final String PARTITION_KEY = "catalog";
  static final String VIEW_SET = "hr";
  static final String ACTIVE = "ActiveGeneration";
  static final String PENDING = "PendingGeneration";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final TableServiceClient service;
  private final TableClient table;

  public ViewCatalog(TableServiceClient service, Namespace namespace) {
    this.service = service;
    this.table = service.getTableClient(new CatalogTables(namespace).viewCatalog());
  }

  /** The current state; {@link CatalogState#INITIAL} when nothing was written yet. */
  public CatalogState read() {
    try {
      TableEntity row =
          table.getEntityWithResponse(PARTITION_KEY, VIEW_SET, null, TIMEOUT, Context.NONE).getValue();
      return toState(row);
    } catch (TableServiceException e) {
      if (e.getResponse().getStatusCode() == 404) {
        return CatalogState.INITIAL;
      }
      throw e;
    }
  }

  /** Creates the table and the initial row when absent; returns the state either way. */
  public CatalogState initialize() {
    service.createTableIfNotExists(table.getTableName());
    try {
      table.createEntity(
          new TableEntity(PARTITION_KEY, VIEW_SET)
              .addProperty(ACTIVE, CatalogState.INITIAL.activeGeneration()));
    } catch (TableServiceException e) {
      if (e.getResponse().getStatusCode() != 409) {
        throw e;
      }
    }
    return read();
  }

  private static CatalogState toState(TableEntity row) {
    Object active = row.getProperty(ACTIVE);
    Object pending = row.getProperty(PENDING);
    return new CatalogState(
        ((Number) active).intValue(),
        pending == null ? OptionalInt.empty() : OptionalInt.of(((Number) pending).intValue()));
  }
}
