package io.tablecast.operations.domain.audit;

import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import java.util.Map;
import java.util.Objects;

/**
 * One entity of a view table as {@code verify} compares it: where it is and its application
 * properties (String, Integer, Long, Instant), without the service's system properties.
 */
public record AuditRow(ViewSet.Table table, String partitionKey, String rowKey, Map<String, Object> properties) {

  public AuditRow {
    Objects.requireNonNull(table, "'table' cannot be null.");
    Objects.requireNonNull(partitionKey, "'partitionKey' cannot be null.");
    Objects.requireNonNull(rowKey, "'rowKey' cannot be null.");
    properties = Map.copyOf(properties);
  }

  /** A row as a projection names it. */
  public static AuditRow of(RowRef ref, Map<String, Object> properties) {
    return new AuditRow(ref.table(), ref.partitionKey(), ref.rowKey(), properties);
  }

  /** A row as a projection puts it. */
  public static AuditRow of(RowChange.Put row) {
    return of(row.ref(), row.properties());
  }
}
