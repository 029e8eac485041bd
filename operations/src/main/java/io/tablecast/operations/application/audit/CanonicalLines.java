package io.tablecast.operations.application.audit;

import io.tablecast.hr.audit.LastNameEntry;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.steps.WorkerRow;
import io.tablecast.operations.domain.audit.AuditRow;
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
  public void row(AuditRow row) {
    lines.add(AuditRecords.line(row));
    counts.merge(row.table(), 1L, Long::sum);
  }

  @Override
  public void lastName(LastNameEntry entry) {
    lines.add(AuditRecords.line(entry, ""));
    counts.merge(ViewTable.EMPLOYEES_BY_LAST_NAME, 1L, Long::sum);
  }

  /** Internal state (SPEC §3): a rebuilt generation may hold different properties, so it is not compared. */
  @Override
  public void workerState(String locatorPartition, WorkerRow state) {}

  /** Expected entities per table; employees listed for {@code EmployeesByLastName}. */
  Map<ViewSet.Table, Long> counts() {
    return counts;
  }
}
