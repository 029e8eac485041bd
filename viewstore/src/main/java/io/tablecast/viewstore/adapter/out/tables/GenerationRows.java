package io.tablecast.viewstore.adapter.out.tables;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/** Every row of a generation's tables, as the folds see rows: what {@code verify} compares with the log. */
public final class GenerationRows {

  private GenerationRows() {}

  /** By table, PartitionKey and RowKey; a table that does not exist has no rows. */
  public static Map<RowRef, Map<String, Object>> all(AzureClients azure, Generation generation) {
    Map<RowRef, Map<String, Object>> rows = new TreeMap<>(InMemoryViews.ORDER);
    forEach(azure, generation, rows::put);
    return rows;
  }

  /** Each row, table by table, as the listing pages come: a generation too large to hold in memory. */
  public static void forEach(AzureClients azure, Generation generation, BiConsumer<RowRef, Map<String, Object>> row) {
    for (ViewSet.Table table : generation.viewSet().tables()) {
      try {
        for (TableEntity entity : azure.table(generation.table(table)).listEntities()) {
          row.accept(new RowRef(table, entity.getPartitionKey(), entity.getRowKey()), TableRows.properties(entity));
        }
      } catch (HttpResponseException e) {
        // A listing reports a missing table as the SDK's implementation type, not TableServiceException.
        if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
          throw e;
        }
      }
    }
  }
}
