package io.tablecast.projection;

import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A view set's tables read whole, in key order, page by page: for the rare jobs that must look at
 * every row, such as finding the work a store that lost writes left unfinished ({@link
 * UnfinishedWork}). A table that does not exist has no rows.
 */
@FunctionalInterface
public interface TableScan {

  /**
   * Every row of {@code table} that {@code filter} selects, in PartitionKey and RowKey order.
   *
   * @param filter an OData filter over the row's keys and properties ({@code RowKey eq 'summary'})
   * @param fields the properties to read; every one when empty
   */
  void each(ViewSet.Table table, String filter, Set<String> fields, Consumer<Row> row);

  /** A row as scanned: its keys and the properties asked for. */
  record Row(String partitionKey, String rowKey, Map<String, Object> properties) {
    public Row {
      properties = Map.copyOf(properties);
    }
  }
}
