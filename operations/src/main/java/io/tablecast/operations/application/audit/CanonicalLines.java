package io.tablecast.operations.application.audit;

import io.tablecast.projection.LogAudit;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.ViewSet;
import java.util.HashMap;
import java.util.Map;

/** The expected rows as {@code verify} compares them: canonical lines into a sorter, counted per table. */
final class CanonicalLines implements ExpectedRows {

  private final ExternalSorter lines;
  private final Map<ViewSet.Table, Long> counts = new HashMap<>();

  CanonicalLines(ExternalSorter lines) {
    this.lines = lines;
  }

  @Override
  public void row(RowChange.Put row) {
    lines.add(AuditRecords.line(row));
    counts.merge(row.ref().table(), 1L, Long::sum);
  }

  @Override
  public void member(LogAudit.Member member) {
    lines.add(AuditRecords.line(member, ""));
    counts.merge(member.table(), 1L, Long::sum);
  }

  /** Internal state (SPEC §3): a rebuilt generation may hold different properties, so it is not compared. */
  @Override
  public void internal(RowChange.Put row) {}

  /** Expected entities per table; members for a packed table. */
  Map<ViewSet.Table, Long> counts() {
    return counts;
  }
}
