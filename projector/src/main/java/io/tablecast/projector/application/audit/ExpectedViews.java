package io.tablecast.projector.application.audit;

import io.tablecast.common.tables.ViewTable;
import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.projector.domain.audit.AuditRow;
import io.tablecast.projector.domain.audit.DepartmentAudit;
import io.tablecast.projector.domain.audit.EmployeeAudit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The views recomputed from the log, as canonical lines into a sorter, in two passes of bounded
 * memory: the log is read once, department events folded in memory and employee events spilled
 * to an {@link ExternalSorter}; then the employees are folded one at a time from the sorted
 * events ({@link EmployeeAudit}), and the department summaries last ({@link DepartmentAudit}).
 */
final class ExpectedViews {

  static final int PROGRESS_EVERY = 50_000;

  private final EventLines lines;
  private final VerifyProgress progress;
  private final DepartmentAudit departments = new DepartmentAudit();
  private final Map<ViewTable, Long> counts = new EnumMap<>(ViewTable.class);

  ExpectedViews(EventLines lines, VerifyProgress progress) {
    this.lines = lines;
    this.progress = progress;
  }

  /** Reads the whole log: departments folded, employee events into {@code events}. */
  long read(EventLog log, ExternalSorter events) {
    long[] read = {0};
    log.readAll((event, offset) -> {
      if (event instanceof DepartmentEvent d) {
        departments.apply(d);
      } else {
        events.add(lines.line((EmployeeEvent) event, offset));
      }
      if (++read[0] % PROGRESS_EVERY == 0) {
        progress.update("events read", read[0]);
      }
    });
    progress.update("events read", read[0]);
    return read[0];
  }

  /** Folds each employee from its sorted events, then the departments, into {@code expected}. */
  void derive(Iterator<String> sortedEvents, ExternalSorter expected) {
    String employee = null;
    List<EmployeeEvent> history = new ArrayList<>();
    while (sortedEvents.hasNext()) {
      String line = sortedEvents.next();
      String id = EventLines.employeeId(line);
      if (!id.equals(employee)) {
        fold(employee, history, expected);
        employee = id;
        history.clear();
      }
      history.add(lines.event(line));
    }
    fold(employee, history, expected);
    departments.summaries().forEach(row -> add(row, expected));
  }

  private void fold(String employeeId, List<EmployeeEvent> history, ExternalSorter expected) {
    if (employeeId == null) {
      return;
    }
    EmployeeAudit.Expected rows = EmployeeAudit.of(employeeId, history);
    rows.rows().forEach(row -> add(row, expected));
    rows.lastName().ifPresent(entry -> {
      expected.add(AuditRecords.line(entry, ""));
      counts.merge(ViewTable.EMPLOYEES_BY_LAST_NAME, 1L, Long::sum);
    });
    rows.locator().ifPresent(departments::count);
  }

  private void add(AuditRow row, ExternalSorter expected) {
    expected.add(AuditRecords.line(row));
    counts.merge(row.table(), 1L, Long::sum);
  }

  /** Expected entities per table; employees listed for {@code EmployeesByLastName}. */
  Map<ViewTable, Long> counts() {
    return counts;
  }
}
