package io.tablecast.projector.application.audit;

import io.tablecast.common.tables.IndexLayout;
import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.projector.domain.TruthRows;
import io.tablecast.projector.domain.ViewEntity;
import io.tablecast.projector.domain.audit.DepartmentAudit;
import io.tablecast.projector.domain.audit.EmployeeAudit;
import io.tablecast.projector.domain.work.WorkerState;
import io.tablecast.projector.domain.work.WorkerState.IndexEntries;
import io.tablecast.schemas.EventCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The views recomputed from the log with the production folds, in two passes of bounded memory:
 * the log is read once, department events folded in memory and employee events spilled to an
 * {@link ExternalSorter}; then the employees are folded one at a time from the sorted events
 * ({@link EmployeeAudit}), and the department summaries last ({@link DepartmentAudit}). What
 * {@code verify} expects and what a rebuild loads are this one computation ({@link ExpectedRows}).
 */
public final class LogFold {

  static final int PROGRESS_EVERY = 50_000;
  /** The progress step of the first pass, reported every {@value #PROGRESS_EVERY} events and once at its end. */
  public static final String EVENTS_READ = "events read";
  /** The progress step of the second pass, reported as often and once at its end, where it reaches the events read. */
  public static final String EVENTS_FOLDED = "events folded";

  private final EventLog log;
  private final Path spillDir;
  private final int chunkSize;
  private final VerifyProgress progress;
  private final EventLines lines = new EventLines(EventCodec.create());
  private final DepartmentAudit departments = new DepartmentAudit();
  private long departmentEvents;

  /**
   * @param spillDir an existing directory for the sorter's files, deleted as they are merged
   * @param chunkSize events sorted in memory at a time
   */
  public LogFold(EventLog log, Path spillDir, int chunkSize, VerifyProgress progress) {
    this.log = log;
    this.spillDir = spillDir;
    this.chunkSize = chunkSize;
    this.progress = progress;
  }

  /** Reads the whole log and hands every expected row to {@code expected}; returns the events read. */
  public long fold(ExpectedRows expected) {
    try (ExternalSorter events = new ExternalSorter(spillDir, "events", chunkSize)) {
      long read = read(events);
      derive(events.sorted(), expected);
      return read;
    }
  }

  /** Reads the whole log: departments folded, employee events into {@code events}. */
  private long read(ExternalSorter events) {
    long[] read = {0};
    log.readAll((event, offset) -> {
      if (event instanceof DepartmentEvent d) {
        departments.apply(d);
        departmentEvents++;
      } else {
        events.add(lines.line((EmployeeEvent) event, offset));
      }
      if (++read[0] % PROGRESS_EVERY == 0) {
        progress.update(EVENTS_READ, read[0]);
      }
    });
    progress.update(EVENTS_READ, read[0]);
    return read[0];
  }

  /** Folds each employee from its sorted events, then the departments. */
  private void derive(Iterator<String> sortedEvents, ExpectedRows expected) {
    String employee = null;
    List<EmployeeEvent> history = new ArrayList<>();
    long folded = departmentEvents;
    while (sortedEvents.hasNext()) {
      String line = sortedEvents.next();
      if (++folded % PROGRESS_EVERY == 0) {
        progress.update(EVENTS_FOLDED, folded);
      }
      String id = EventLines.employeeId(line);
      if (!id.equals(employee)) {
        fold(employee, history, expected);
        employee = id;
        history.clear();
      }
      history.add(lines.event(line));
    }
    fold(employee, history, expected);
    departments.summaries().forEach(expected::row);
    progress.update(EVENTS_FOLDED, folded);
  }

  private void fold(String employeeId, List<EmployeeEvent> history, ExpectedRows expected) {
    if (employeeId == null) {
      return;
    }
    EmployeeAudit.Expected rows = EmployeeAudit.of(employeeId, history);
    rows.rows().forEach(expected::row);
    rows.lastName().ifPresent(expected::lastName);
    rows.locator().ifPresent(locator -> {
      departments.count(locator);
      expected.workerState(IndexLayout.locatorPartition(TruthRows.id(locator)), settled(locator));
    });
  }

  /** The workers' state once every item of the employee is done: entries as the locator says, nothing stale. */
  private WorkerState settled(ViewEntity locator) {
    Set<String> managed = departments.managedBy(TruthRows.id(locator).canonical());
    return new WorkerState(IndexEntries.of(Optional.of(locator)), Set.of(), Set.of(), managed, locator.version(), Optional.empty());
  }
}
