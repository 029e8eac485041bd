package io.tablecast.operations.application.audit;

import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.audit.DepartmentAudit;
import io.tablecast.hr.audit.EmployeeAudit;
import io.tablecast.hr.steps.WorkerRow.IndexEntries;
import io.tablecast.hr.steps.WorkerRow;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.operations.domain.audit.AuditRow;
import io.tablecast.operations.domain.audit.StorageLimits;
import io.tablecast.projection.RowChange;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import io.tablecast.schemas.EventCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

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
  private final DepartmentAudit departments = new DepartmentAudit(LogFold::refusal);
  private final Parked parked = new Parked();
  private final FailurePolicy onFailure;
  private final Map<PartitionRef, Long> pausedAt = new TreeMap<>(
      Comparator.comparing(PartitionRef::topic).thenComparingInt(PartitionRef::partition));
  private long departmentEvents;

  /**
   * The records the fold left out, as the live projector left them out of the views: those that
   * do not decode, and events whose rows the store would refuse. The first {@value #SHOWN} are
   * kept for a report.
   */
  public static final class Parked {
    static final int SHOWN = 20;
    private final List<String> shown = new ArrayList<>();
    private long count;

    void add(String position, String reason) {
      if (count++ < SHOWN) {
        shown.add(position + ": " + reason);
      }
    }

    public long count() {
      return count;
    }

    public List<String> shown() {
      return List.copyOf(shown);
    }
  }

  /** A fold that leaves out what a projector that dead-letters leaves out, as {@code verify} expects it. */
  public LogFold(EventLog log, Path spillDir, int chunkSize, VerifyProgress progress) {
    this(log, spillDir, chunkSize, progress, FailurePolicy.DEAD_LETTER);
  }

  /**
   * @param spillDir an existing directory for the sorter's files, deleted as they are merged
   * @param chunkSize events sorted in memory at a time
   * @param onFailure the live projector's policy, which the fold follows: a record that does not
   *     decode is left out ({@code DEAD_LETTER}) or ends its partition's fold ({@code PAUSE}); an
   *     event whose rows the store refuses is left out, or, under {@code PAUSE}, ends the fold with
   *     an error, since a partition cannot be stopped at it once the other events are folded
   */
  public LogFold(EventLog log, Path spillDir, int chunkSize, VerifyProgress progress, FailurePolicy onFailure) {
    this.log = log;
    this.spillDir = spillDir;
    this.chunkSize = chunkSize;
    this.progress = progress;
    this.onFailure = onFailure;
  }

  /** What {@link #fold} left out, so far. */
  public Parked parked() {
    return parked;
  }

  /** Under {@code PAUSE}: the partitions whose fold ended at a record that does not decode, and its offset. */
  public Map<PartitionRef, Long> pausedAt() {
    return Collections.unmodifiableMap(pausedAt);
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
    log.readAll(new EventLog.Sink() {
      @Override
      public void event(DomainEvent event, long offset) {
        if (event instanceof DepartmentEvent d) {
          departments.apply(d).ifPresent(reason -> parked.add(d.departmentId().value() + " version " + d.version(), reason));
          departmentEvents++;
        } else {
          events.add(lines.line((EmployeeEvent) event, offset));
        }
        if (++read[0] % PROGRESS_EVERY == 0) {
          progress.update(EVENTS_READ, read[0]);
        }
      }

      @Override
      public boolean undecodable(PartitionRef partition, long offset, String reason) {
        parked.add(partition.topic() + "-" + partition.partition() + "@" + offset, "cannot be decoded: " + reason);
        if (onFailure == FailurePolicy.PAUSE) {
          pausedAt.put(partition, offset);
          return false;
        }
        return true;
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
    departments.summaries().stream().map(AuditRow::of).forEach(expected::row);
    progress.update(EVENTS_FOLDED, folded);
  }

  private void fold(String employeeId, List<EmployeeEvent> history, ExpectedRows expected) {
    if (employeeId == null) {
      return;
    }
    EmployeeAudit.Expected rows = EmployeeAudit.of(employeeId, history);
    if (rows.rows().stream().anyMatch(row -> refusal(row).isPresent())) {
      rows = EmployeeAudit.of(employeeId, writable(employeeId, history));
    }
    rows.rows().stream().map(AuditRow::of).forEach(expected::row);
    rows.lastName().ifPresent(expected::lastName);
    rows.locator().ifPresent(locator -> {
      departments.count(locator);
      expected.workerState(IndexLayout.locatorPartition(TruthRows.id(locator)), settled(locator));
    });
  }

  /** Why the store would refuse a row a projection puts; empty when it fits. */
  private static Optional<String> refusal(RowChange.Put row) {
    return StorageLimits.violation(AuditRow.of(row));
  }

  /**
   * The employee's events without those the live projector could not apply, one at a time as it
   * meets them: an event whose rows the store would refuse is left out, and the next events apply
   * to the state before it. Folds the history once per event, so only for the rare employee with
   * such an event.
   */
  private List<EmployeeEvent> writable(String employeeId, List<EmployeeEvent> history) {
    List<EmployeeEvent> kept = new ArrayList<>();
    for (EmployeeEvent event : history) {
      kept.add(event);
      Optional<String> violation = EmployeeAudit.of(employeeId, kept).rows().stream()
          .map(LogFold::refusal).flatMap(Optional::stream).findFirst();
      if (violation.isPresent()) {
        String position = "employee " + employeeId + " version " + event.version();
        if (onFailure == FailurePolicy.PAUSE) {
          throw new IllegalStateException("The event of " + position + " cannot be applied (" + violation.get() + "): the live"
              + " projector pauses its partition there under the pause policy, and a rebuild cannot pass it either. Fix the cause,"
              + " or rebuild with the dead-letter policy.");
        }
        kept.remove(kept.size() - 1);
        parked.add(position, violation.get());
      }
    }
    return kept;
  }

  /** The workers' state once every item of the employee is done: entries as the locator says, nothing stale. */
  private WorkerRow settled(ViewEntity locator) {
    Set<String> managed = departments.managedBy(TruthRows.id(locator).canonical());
    return new WorkerRow(IndexEntries.of(TruthRows.locator(locator)), Set.of(), Set.of(), managed, locator.version(), OptionalLong.empty(),
        Set.of());
  }
}
