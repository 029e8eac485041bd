package io.tablecast.projection;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads of a view set's rows in the generation its {@code ViewCatalog} row names active, as the
 * views service serves them ({@code /view-sets/<name>/...}) and as a team's own code may read
 * them: point reads, and a partition's rows in RowKey order, page by page, all of them or those
 * whose RowKey starts with a prefix (the guide's range queries). Each read may name the
 * properties it wants ({@code fields}, the guide's projection); empty means all of them.
 */
public interface ViewReader {

  /** A row's properties, or empty when it does not exist. */
  Optional<Map<String, Object>> row(RowRef ref, Set<String> fields);

  /**
   * Rows' properties by their references, in the same order, each empty when its row does not
   * exist: point reads the service runs side by side (the guide's parallel point queries, for
   * example an index entity's ids followed to their rows).
   */
  default List<Optional<Map<String, Object>>> rows(List<RowRef> refs, Set<String> fields) {
    return refs.stream().map(ref -> row(ref, fields)).toList();
  }

  /**
   * One page of a partition's rows, in RowKey order.
   *
   * @param rowKeyPrefix the RowKeys to return start with it; {@code ""} for every row
   * @param size at most this many rows
   * @param cursor where the previous page ended, as its {@link RowPage#cursor()} said; empty for the first page
   */
  RowPage page(ViewSet.Table table, String partitionKey, String rowKeyPrefix, int size, Optional<String> cursor, Set<String> fields);

  /** A row of a page. */
  record Row(String rowKey, Map<String, Object> properties) {
    public Row {
      properties = Map.copyOf(properties);
    }
  }

  /** @param cursor where the next page starts; empty on the last page */
  record RowPage(List<Row> rows, Optional<String> cursor) {
    public RowPage {
      rows = List.copyOf(rows);
    }
  }
}
