package io.tablecast.viewstore.adapter.out.tables;

import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;

/** A partition of one of a view set's tables: what one EGT writes. */
record Partition(ViewSet.Table table, String key) {

  static Partition of(RowRef ref) {
    return new Partition(ref.table(), ref.partitionKey());
  }
}
