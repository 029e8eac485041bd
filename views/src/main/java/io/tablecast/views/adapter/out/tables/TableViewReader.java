package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.ViewSet;
import io.tablecast.views.application.Aggregate;
import io.tablecast.views.application.AppliedOffsets;
import io.tablecast.views.application.AppliedPositions;
import io.tablecast.views.domain.Page;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Any view set's rows, read from the generation its catalog row names active ({@link
 * ActiveTables}, which follows flips): point reads, and range queries over one partition with the
 * service's continuation as the cursor.
 */
public final class TableViewReader implements ViewReader, AutoCloseable {

  private final ActiveTables tables;
  private final Queries queries;

  public TableViewReader(AzureClients azure, Namespace namespace, ViewSet viewSet) {
    this.tables = new ActiveTables(azure, namespace, viewSet);
    this.queries = new Queries(tables);
  }

  public ViewSet viewSet() {
    return tables.active().viewSet();
  }

  @Override
  public Optional<Map<String, Object>> row(RowRef ref, Set<String> fields) {
    return queries.point(ref.table(), ref.partitionKey(), ref.rowKey(), List.copyOf(fields))
        .map(TableRows::properties);
  }

  @Override
  public RowPage page(ViewSet.Table table, String partitionKey, String rowKeyPrefix, int size, Optional<String> cursor,
      Set<String> fields) {
    String filter = rowKeyPrefix.isEmpty() ? Filters.partition(partitionKey) : Filters.rowKeyPrefix(partitionKey, rowKeyPrefix);
    List<String> select = new ArrayList<>(fields);
    if (!select.isEmpty()) {
      select.add("RowKey"); // a $select returns only what it names
    }
    Page<TableEntity> page = queries.range(table, filter, size, cursor, select);
    return new RowPage(page.items().stream().map(entity -> new Row(entity.getRowKey(), TableRows.properties(entity))).toList(),
        page.next());
  }

  /** How far the view set's active generation is: the applied offsets of its checkpoint rows. It keeps no aggregate versions. */
  public AppliedPositions positions() {
    return new AppliedPositions() {
      @Override
      public AppliedOffsets offsets() {
        return new AppliedOffsets(CheckpointRows.applied(tables.checkpoints(), tables.active()));
      }

      @Override
      public OptionalLong version(Aggregate aggregate) {
        return OptionalLong.empty();
      }
    };
  }

  @Override
  public void close() {
    tables.close();
  }
}
