package io.tablecast.views.adapter.out.tables;

import com.azure.core.http.rest.PagedResponse;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.common.tables.ViewTable;
import io.tablecast.views.domain.Page;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/** The two query types the views use, on the active generation's tables. */
final class Queries {

  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final ActiveTables tables;

  Queries(ActiveTables tables) {
    this.tables = tables;
  }

  /** A point query: PartitionKey and RowKey. Empty for no such row, or no such table yet. */
  Optional<TableEntity> point(ViewTable table, String partitionKey, String rowKey) {
    return point(tables.client(table), partitionKey, rowKey);
  }

  Optional<TableEntity> point(TableClient table, String partitionKey, String rowKey) {
    try {
      return Optional.of(table.getEntityWithResponse(partitionKey, rowKey, null, TIMEOUT, Context.NONE).getValue());
    } catch (TableServiceException e) {
      if (e.getResponse() != null && e.getResponse().getStatusCode() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * One page of a range query, at most {@code top} rows, starting where {@code after} (the
   * service's continuation, {@code <NextPartitionKey>;<NextRowKey>}) says.
   */
  Page<TableEntity> range(ViewTable table, String filter, int top, Optional<String> after, List<String> select) {
    ListEntitiesOptions options = new ListEntitiesOptions().setFilter(filter).setTop(top);
    if (!select.isEmpty()) {
      options.setSelect(select);
    }
    try {
      Iterator<PagedResponse<TableEntity>> pages =
          tables.client(table).listEntities(options, TIMEOUT, Context.NONE).iterableByPage(after.orElse(null)).iterator();
      if (!pages.hasNext()) {
        return Page.last(List.of());
      }
      PagedResponse<TableEntity> page = pages.next();
      return new Page<>(page.getValue(), Optional.ofNullable(page.getContinuationToken()).filter(t -> !t.isEmpty()));
    } catch (TableServiceException e) {
      if (e.getResponse() != null && e.getResponse().getStatusCode() == 404) {
        return Page.last(List.of()); // the table is not created yet
      }
      throw e;
    }
  }

  /** Every row a range query returns, page after page; for small results (index entities). */
  List<TableEntity> all(ViewTable table, String filter) {
    return all(tables.client(table), filter);
  }

  List<TableEntity> all(TableClient table, String filter) {
    try {
      return table.listEntities(new ListEntitiesOptions().setFilter(filter), TIMEOUT, Context.NONE)
          .stream().toList();
    } catch (TableServiceException e) {
      if (e.getResponse() != null && e.getResponse().getStatusCode() == 404) {
        return List.of();
      }
      throw e;
    }
  }
}
