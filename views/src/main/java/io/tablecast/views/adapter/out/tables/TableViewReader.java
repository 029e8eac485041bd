package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.concurrent.Parallel;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.ViewSet;
import io.tablecast.views.domain.Page;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A view set's rows, read from the generation its catalog row names active ({@link ActiveTables},
 * which follows flips) with the guide's query types: point reads, side by side when there are
 * several, and range queries over one partition with the service's continuation as the cursor;
 * never a scan.
 */
public final class TableViewReader implements ViewReader, AutoCloseable {

  /** Point reads in flight at once for one request's {@link #rows}. */
  private static final int PARALLEL_READS = 16;

  private final Queries queries;
  private final ExecutorService pointReads = Executors.newFixedThreadPool(PARALLEL_READS, DaemonThreads.named("views-point-read"));

  public TableViewReader(ActiveTables tables) {
    this.queries = new Queries(tables);
  }

  @Override
  public Optional<Map<String, Object>> row(RowRef ref, Set<String> fields) {
    return queries.point(ref.table(), ref.partitionKey(), ref.rowKey(), List.copyOf(fields))
        .map(TableRows::properties);
  }

  @Override
  public List<Optional<Map<String, Object>>> rows(List<RowRef> refs, Set<String> fields) {
    return refs.size() < 2 ? ViewReader.super.rows(refs, fields) : Parallel.map(pointReads, refs, ref -> row(ref, fields));
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

  @Override
  public void close() {
    pointReads.shutdownNow();
  }
}
