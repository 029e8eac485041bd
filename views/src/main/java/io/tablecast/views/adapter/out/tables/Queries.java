package io.tablecast.views.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.rest.PagedResponse;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.projection.ViewSet;
import io.tablecast.views.domain.Page;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * The two query types the views use, on the active generation's tables.
 *
 * <p>No call passes a timeout of its own: with one, the SDK runs the call on its shared executor
 * and waits for it there, a thread hand-off per query. The storage clients' response timeout
 * ({@code AzureClients}) bounds every attempt instead, and their retry policy the attempts.
 */
final class Queries {

  private static final Duration NO_TIMEOUT = null;

  private final ActiveTables tables;

  Queries(ActiveTables tables) {
    this.tables = tables;
  }

  /** A point query: PartitionKey and RowKey. Empty for no such row, or no such table yet. */
  Optional<TableEntity> point(ViewSet.Table table, String partitionKey, String rowKey) {
    return point(tables.client(table), partitionKey, rowKey, List.of());
  }

  /** A point query of only the {@code select} properties ({@code $select}), all of them when empty. */
  Optional<TableEntity> point(ViewSet.Table table, String partitionKey, String rowKey, List<String> select) {
    return point(tables.client(table), partitionKey, rowKey, select);
  }

  Optional<TableEntity> point(TableClient table, String partitionKey, String rowKey, List<String> select) {
    try {
      return Optional.of(table.getEntityWithResponse(partitionKey, rowKey, select.isEmpty() ? null : select, NO_TIMEOUT,
          Context.NONE).getValue());
    } catch (HttpResponseException e) {
      if (tableMissing(e)) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * One page of a range query, at most {@code top} rows, starting where {@code after} (the
   * service's continuation, {@code <NextPartitionKey>;<NextRowKey>}) says.
   */
  Page<TableEntity> range(ViewSet.Table table, String filter, int top, Optional<String> after, List<String> select) {
    ListEntitiesOptions options = new ListEntitiesOptions().setFilter(filter).setTop(top);
    if (!select.isEmpty()) {
      options.setSelect(select);
    }
    try {
      Iterator<PagedResponse<TableEntity>> pages =
          tables.client(table).listEntities(options, NO_TIMEOUT, Context.NONE).iterableByPage(after.orElse(null)).iterator();
      if (!pages.hasNext()) {
        return Page.last(List.of());
      }
      PagedResponse<TableEntity> page = pages.next();
      return new Page<>(page.getValue(), Optional.ofNullable(page.getContinuationToken()).filter(t -> !t.isEmpty()));
    } catch (HttpResponseException e) {
      if (tableMissing(e)) {
        return Page.last(List.of()); // the table is not created yet
      }
      throw e;
    }
  }

  /** Every row a range query returns, page after page; for small results (index entities). */
  List<TableEntity> all(TableClient table, String filter) {
    try {
      return table.listEntities(new ListEntitiesOptions().setFilter(filter), NO_TIMEOUT, Context.NONE)
          .stream().toList();
    } catch (HttpResponseException e) {
      if (tableMissing(e)) {
        return List.of();
      }
      throw e;
    }
  }

  /**
   * Whether the service answered that the table does not exist (404). A listing reports it as the
   * SDK's implementation type, not {@code TableServiceException}: both are {@link HttpResponseException}s.
   */
  private static boolean tableMissing(HttpResponseException e) {
    return e.getResponse() != null && e.getResponse().getStatusCode() == 404;
  }
}
