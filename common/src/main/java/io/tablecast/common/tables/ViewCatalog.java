package io.tablecast.common.tables;

import io.tablecast.projection.ViewSet;
import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.common.config.Namespace;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The {@code ViewCatalog} table (SPEC §6, §9): which generation of a view set is active, and which
 * is pending. PartitionKey {@code catalog}, RowKey the view set's name ({@code hr}); each view set
 * has a row of its own, so one can be rebuilt and flipped while the others serve.
 *
 * <p>Reads never fail on a fresh account: with no table or no row, the catalog is {@link
 * CatalogState#INITIAL}. Reads need only a read-only SAS; the writes ({@link #initialize()}, and the
 * rebuild's {@link #propose}, {@link #flip} and {@link #withdraw}) are conditional on the ETag
 * of the state they start from, so two operators can never both win (SPEC §6).
 */
public final class ViewCatalog {

  static final String PARTITION_KEY = "catalog";
  static final String ACTIVE = "ActiveGeneration";
  static final String PENDING = "PendingGeneration";

  private final TableServiceClient service;
  private final TableClient table;
  private final Namespace namespace;
  private final ViewSet viewSet;

  public ViewCatalog(TableServiceClient service, Namespace namespace, ViewSet viewSet) {
    this.service = service;
    this.table = service.getTableClient(new CatalogTables(namespace).viewCatalog());
    this.namespace = namespace;
    this.viewSet = viewSet;
  }

  /**
   * Every view set's state by name, as the catalog's rows say: one request. Empty on a fresh
   * account.
   */
  public static Map<String, CatalogState> states(TableServiceClient service, Namespace namespace) {
    Map<String, CatalogState> states = new TreeMap<>();
    try {
      service.getTableClient(new CatalogTables(namespace).viewCatalog())
          .listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + PARTITION_KEY + "'"), Calls.NO_TIMEOUT, Context.NONE)
          .forEach(row -> states.put(row.getRowKey(), toState(row)));
    } catch (HttpResponseException e) { // a listing's pages fail with the SDK's own subtype, not TableServiceException
      if (e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
    return states;
  }

  /** Generation {@code number} of this catalog's view set. */
  public Generation generation(int number) {
    return new Generation(viewSet, namespace, number);
  }

  /** The current state; {@link CatalogState#INITIAL} when nothing was written yet. */
  public CatalogState read() {
    try {
      TableEntity row =
          table.getEntityWithResponse(PARTITION_KEY, viewSet.name(), null, Calls.NO_TIMEOUT, Context.NONE).getValue();
      return toState(row);
    } catch (TableServiceException e) {
      if (e.getResponse().getStatusCode() == 404) {
        return CatalogState.INITIAL;
      }
      throw e;
    }
  }

  /** The current state with the row's ETag; the row exists once {@link #initialize()} ran. */
  public Versioned readVersioned() {
    TableEntity row = table.getEntityWithResponse(PARTITION_KEY, viewSet.name(), null, Calls.NO_TIMEOUT, Context.NONE).getValue();
    return new Versioned(toState(row), row.getETag());
  }

  /** Marks {@code pending} as the generation being built; false when the catalog changed since {@code from}. */
  public boolean propose(Versioned from, int pending) {
    return replace(from, new CatalogState(from.state().activeGeneration(), OptionalInt.of(pending)));
  }

  /** Makes the pending generation active, in one conditional write; false when the catalog changed since {@code from}. */
  public boolean flip(Versioned from) {
    int pending = from.state().pendingGeneration().orElseThrow(() -> new IllegalStateException("No pending generation to flip to"));
    return replace(from, new CatalogState(pending, OptionalInt.empty()));
  }

  /** Forgets the pending generation (an abort); false when the catalog changed since {@code from}. */
  public boolean withdraw(Versioned from) {
    return replace(from, new CatalogState(from.state().activeGeneration(), OptionalInt.empty()));
  }

  private boolean replace(Versioned from, CatalogState next) {
    TableEntity row = new TableEntity(PARTITION_KEY, viewSet.name()).addProperty(ACTIVE, next.activeGeneration());
    next.pendingGeneration().ifPresent(p -> row.addProperty(PENDING, p));
    row.addProperty("odata.etag", from.etag());
    try {
      table.updateEntityWithResponse(row, TableEntityUpdateMode.REPLACE, true, Calls.NO_TIMEOUT, Context.NONE);
      return true;
    } catch (TableServiceException e) {
      if (e.getResponse().getStatusCode() == 412) {
        return false;
      }
      throw e;
    }
  }

  /** A state as read, with the ETag that a conditional write must match. */
  public record Versioned(CatalogState state, String etag) {}

  /** Creates the table and the initial row when absent; returns the state either way. */
  public CatalogState initialize() {
    service.createTableIfNotExists(table.getTableName());
    try {
      table.createEntity(
          new TableEntity(PARTITION_KEY, viewSet.name())
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
