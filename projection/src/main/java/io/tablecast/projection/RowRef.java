package io.tablecast.projection;

import java.util.Objects;

/** Where a row lives: a table of a view set, its PartitionKey and its RowKey. */
public record RowRef(ViewSet.Table table, String partitionKey, String rowKey) {

  public RowRef {
    Objects.requireNonNull(table, "'table' cannot be null.");
    Objects.requireNonNull(partitionKey, "'partitionKey' cannot be null.");
    Objects.requireNonNull(rowKey, "'rowKey' cannot be null.");
  }

  @Override
  public String toString() {
    return table.baseName() + "(" + partitionKey + ", " + rowKey + ")";
  }
}
