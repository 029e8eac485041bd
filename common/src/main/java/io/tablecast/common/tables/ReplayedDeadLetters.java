package io.tablecast.common.tables;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.common.config.Namespace;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The records of {@code tablecast.projector-dlq} that were replayed (SPEC §4): one row each in
 * {@code ViewCatalog}, partition {@value #PARTITION}, RowKey {@code <dlq partition>-<dlq offset in
 * 19 digits>}, written once its event is applied again. A replay skips the records that have one,
 * and {@code /status} counts only those that have none. The topic itself keeps every record.
 */
public final class ReplayedDeadLetters {

  public static final String PARTITION = "dlq-replayed";

  private final TableClient catalog;

  public ReplayedDeadLetters(TableClient catalog) {
    this.catalog = catalog;
  }

  public static ReplayedDeadLetters of(AzureClients azure, Namespace namespace) {
    return new ReplayedDeadLetters(azure.table(new CatalogTables(namespace).viewCatalog()));
  }

  /** Where a record is on the dead-letter topic. */
  public record Place(int partition, long offset) {

    String rowKey() {
      return partition + "-" + String.format("%019d", offset);
    }

    static Place of(String rowKey) {
      int dash = rowKey.indexOf('-');
      return new Place(Integer.parseInt(rowKey.substring(0, dash)), Long.parseLong(rowKey.substring(dash + 1)));
    }

    @Override
    public String toString() {
      return partition + ":" + offset;
    }
  }

  /** Every record replayed so far: one partition query. Empty on a fresh account. */
  public Set<Place> replayed() {
    Set<Place> replayed = new HashSet<>();
    try {
      catalog.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + PARTITION + "'").setSelect(List.of("RowKey")),
          Calls.NO_TIMEOUT, Context.NONE).forEach(row -> replayed.add(Place.of(row.getRowKey())));
    } catch (HttpResponseException e) { // a listing's pages fail with the SDK's own subtype
      if (e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
    return replayed;
  }

  /**
   * Records that the record at {@code place} was applied again.
   *
   * @param viewSet the view set that applied it
   * @param source where its event is in the log, {@code <topic>-<partition>@<offset>}
   * @return false if it was marked already, by another replay
   */
  public boolean mark(Place place, String viewSet, int generation, String source, Instant at) {
    TableEntity row = new TableEntity(PARTITION, place.rowKey())
        .addProperty("ViewSet", viewSet)
        .addProperty("Generation", generation)
        .addProperty("Source", source)
        .addProperty("ReplayedAt", at.toString());
    try {
      catalog.createEntity(row);
      return true;
    } catch (TableServiceException e) {
      if (e.getResponse().getStatusCode() == 409) {
        return false;
      }
      if (e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
    catalog.createTable(); // a view set's projector ran before any catalog row was written
    catalog.createEntity(row);
    return true;
  }
}
