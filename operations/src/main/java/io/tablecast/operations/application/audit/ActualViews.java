package io.tablecast.operations.application.audit;

import io.tablecast.hr.audit.LastNameEntry;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.LastNameLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.operations.domain.audit.AuditRow;
import io.tablecast.projection.ViewSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The view tables as canonical lines into a sorter, whatever order the service lists them in.
 * The workers' own rows in {@code EmployeeIndex} (RowKey {@code worker}) are internal state, not
 * views, and are left out. Each {@code EmployeesByLastName} shard becomes one line per id it
 * lists, since shards are compared as sets of ids per last name and department; a shard that
 * lists none shows as one pseudo-id, so that it is reported too.
 */
final class ActualViews {

  private final VerifyProgress progress;
  private final Map<ViewSet.Table, Long> counts = new HashMap<>();

  ActualViews(VerifyProgress progress) {
    this.progress = progress;
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

  private boolean add(AuditRow row, ExternalSorter actual) {
    if (row.table() == ViewTable.EMPLOYEE_INDEX && row.rowKey().equals(IndexLayout.WORKER_ROW)) {
      return false;
    }
    if (row.table() != ViewTable.EMPLOYEES_BY_LAST_NAME) {
      counts.merge(row.table(), 1L, Long::sum);
      actual.add(AuditRecords.line(row));
      return true;
    }
    String department = row.rowKey().contains("_") ? LastNameLayout.departmentOf(row.rowKey()) : row.rowKey();
    Object listed = row.properties().get(LastNameLayout.EMPLOYEE_IDS);
    List<String> ids = LastNameLayout.ids(listed instanceof String s ? s : null);
    counts.merge(row.table(), (long) ids.size(), Long::sum);
    for (String id : ids.isEmpty() ? List.of("(empty shard " + row.rowKey() + ")") : ids) {
      actual.add(AuditRecords.line(new LastNameEntry(row.partitionKey(), department, id), row.rowKey()));
    }
    return true;
  }

  /** Entities found per table; ids listed for {@code EmployeesByLastName}. */
  Map<ViewSet.Table, Long> counts() {
    return counts;
  }
}
