package io.tablecast.operations.adapter.out.tables;

import com.azure.core.exception.HttpResponseException;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.operations.application.audit.ViewRows;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The view tables of one generation for {@code verify}: a full scan of each table, streamed page
 * by page by the SDK, so only one page is held at a time. Read-only. A table that does not exist
 * holds nothing, so everything expected in it is reported missing.
 */
public final class TableViewRows implements ViewRows {

  private static final Logger log = LoggerFactory.getLogger(TableViewRows.class);

  private final AzureClients azure;
  private final Generation generation;

  public TableViewRows(AzureClients azure, Generation generation) {
    this.azure = azure;
    this.generation = generation;
  }

  @Override
  public List<ViewSet.Table> tables() {
    return generation.viewSet().tables();
  }

  @Override
  public void scan(ViewSet.Table table, Consumer<RowChange.Put> sink) {
    String name = generation.table(table);
    try {
      azure.table(name).listEntities().forEach(entity ->
          sink.accept(new RowChange.Put(new RowRef(table, entity.getPartitionKey(), entity.getRowKey()),
              TableRows.properties(entity))));
    } catch (HttpResponseException e) {
      // A listing reports a missing table as the SDK's implementation type, not TableServiceException.
      if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
        throw e;
      }
      log.warn("Table {} does not exist; it is audited as empty", name);
    }
  }
}
