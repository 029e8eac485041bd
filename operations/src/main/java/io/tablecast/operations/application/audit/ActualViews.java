package io.tablecast.operations.application.audit;

import io.tablecast.projection.LogAudit;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The view tables as canonical lines into a sorter, whatever order the service lists them in.
 * The steps' own rows ({@link LogAudit#internal}) are internal state, not views, and are left out.
 * Each row of a packed table becomes one line per member it lists, since packed rows are compared
 * as sets of members per group; a row that lists none shows as one pseudo-member, so that it is
 * reported too.
 */
final class ActualViews {

  private final LogAudit<?> audit;
  private final VerifyProgress progress;
  private final Map<ViewSet.Table, LogAudit.PackedTable> packed = new HashMap<>();
  private final Map<ViewSet.Table, Long> counts = new HashMap<>();

  ActualViews(LogAudit<?> audit, VerifyProgress progress) {
    this.audit = audit;
    this.progress = progress;
    audit.packed().forEach(table -> packed.put(table.table(), table));
  }

  void scan(ViewRows views, ExternalSorter actual) {
    long[] scanned = {0};
    for (ViewSet.Table table : views.tables()) {
      views.scan(table, row -> {
        if (add(row, actual) && ++scanned[0] % LogFold.PROGRESS_EVERY == 0) {
          progress.update("entities scanned", scanned[0]);
        }
      });
    }
    progress.update("entities scanned", scanned[0]);
  }

  private boolean add(RowChange.Put row, ExternalSorter actual) {
    if (audit.internal(row.ref())) {
      return false;
    }
    LogAudit.PackedTable table = packed.get(row.ref().table());
    if (table == null) {
      counts.merge(row.ref().table(), 1L, Long::sum);
      actual.add(AuditRecords.line(row));
      return true;
    }
    LogAudit.Packed listed = table.unpack(row.ref().partitionKey(), row.ref().rowKey(), row.properties());
    counts.merge(row.ref().table(), (long) listed.members().size(), Long::sum);
    RowRef ref = row.ref();
    for (String member : listed.members().isEmpty() ? List.of("(empty shard " + ref.rowKey() + ")") : listed.members()) {
      actual.add(AuditRecords.line(new LogAudit.Member(ref.table(), ref.partitionKey(), listed.group(), member), ref.rowKey()));
    }
    return true;
  }

  /** Entities found per table; members listed for a packed table. */
  Map<ViewSet.Table, Long> counts() {
    return counts;
  }
}
