package io.tablecast.operations.application.audit;

import io.tablecast.projection.RowChange;
import io.tablecast.projection.ViewSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * Port: every entity of one view table of the audited generation, page by page, in any order,
 * with its application properties only (no Timestamp, ETag or OData annotations).
 */
public interface ViewRows {

  /** The tables of the audited generation's view set, in the order it declares them. */
  List<ViewSet.Table> tables();

  void scan(ViewSet.Table table, Consumer<RowChange.Put> sink);
}
