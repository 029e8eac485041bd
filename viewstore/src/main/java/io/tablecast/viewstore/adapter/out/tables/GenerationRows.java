package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.data.tables.models.ListEntitiesOptions;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.TableScan;
import io.tablecast.projection.ViewSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The rows of one generation's tables, as they are stored and as the folds see rows: point reads,
 * and whole tables listed page by page (what {@code verify} compares with the log, or what a view
 * set's {@link io.tablecast.projection.UnfinishedWork} looks for).
 */
public final class GenerationRows implements Rows, TableScan {

  private final AzureClients azure;
  private final Generation generation;

  public GenerationRows(AzureClients azure, Generation generation) {
    this.azure = azure;
    this.generation = generation;
  }

  /** By table, PartitionKey and RowKey; a table that does not exist has no rows. */
  public static Map<RowRef, Map<String, Object>> all(AzureClients azure, Generation generation) {
    Map<RowRef, Map<String, Object>> rows = new TreeMap<>(InMemoryViews.ORDER);
    forEach(azure, generation, rows::put);
    return rows;
  }

  /** Each row, table by table, as the listing pages come: a generation too large to hold in memory. */
  public static void forEach(AzureClients azure, Generation generation, BiConsumer<RowRef, Map<String, Object>> row) {
    GenerationRows rows = new GenerationRows(azure, generation);
    for (ViewSet.Table table : generation.viewSet().tables()) {
      rows.each(table, null, Set.of(), read -> row.accept(new RowRef(table, read.partitionKey(), read.rowKey()), read.properties()));
    }
  }

  @Override
  public Optional<Map<String, Object>> get(RowRef ref) {
    return RowReader.read(azure.table(generation.table(ref.table())), ref.partitionKey(), List.of(ref.rowKey())).values().stream()
        .findFirst().map(TableRows.Read::properties);
  }

  /** As {@link TableScan#each}; a {@code filter} of null selects every row. */
  @Override
  public void each(ViewSet.Table table, String filter, Set<String> fields, Consumer<Row> row) {
    ListEntitiesOptions options = new ListEntitiesOptions().setFilter(filter);
    if (!fields.isEmpty()) {
      options.setSelect(List.copyOf(fields));
    }
    try {
      azure.table(generation.table(table)).listEntities(options, NO_TIMEOUT, Context.NONE)
          .forEach(entity -> row.accept(new Row(entity.getPartitionKey(), entity.getRowKey(), TableRows.properties(entity))));
    } catch (HttpResponseException e) {
      // A listing reports a missing table as the SDK's implementation type, not TableServiceException.
      if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
  }
}
