package io.tablecast.operations.application.audit;

import io.tablecast.operations.domain.audit.StorageLimits;
import io.tablecast.projection.LogAudit;
import io.tablecast.projection.RowChange;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The views recomputed from the log with the view set's folds, in two passes of bounded memory
 * ({@link LogAudit}): the log is read once, the events of no sorted aggregate folded in memory and
 * the others spilled to an {@link ExternalSorter}; then the aggregates are folded one at a time
 * from the sorted events, and what the whole log calls for last. What {@code verify} expects and
 * what a rebuild loads are this one computation ({@link ExpectedRows}).
 *
 * @param <E> the view set's events
 */
public final class LogFold<E> {

  static final int PROGRESS_EVERY = 50_000;
  /** The progress step of the first pass, reported every {@value #PROGRESS_EVERY} events and once at its end. */
  public static final String EVENTS_READ = "events read";
  /** The progress step of the second pass, reported as often and once at its end, where it reaches the events read. */
  public static final String EVENTS_FOLDED = "events folded";

  private final LogAudit<E> audit;
  private final EventLog<E> log;
  private final Path spillDir;
  private final int chunkSize;
  private final VerifyProgress progress;
  private final EventLines<E> lines;
  private final LogAudit.Fold<E> folding;
  private final Parked parked = new Parked();
  private final FailurePolicy onFailure;
  private final Map<PartitionRef, Long> pausedAt = new TreeMap<>(
      Comparator.comparing(PartitionRef::topic).thenComparingInt(PartitionRef::partition));
  private long inMemory;

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
  public LogFold(LogAudit<E> audit, EventLog<E> log, Path spillDir, int chunkSize, VerifyProgress progress) {
    this(audit, log, spillDir, chunkSize, progress, FailurePolicy.DEAD_LETTER);
  }

  /**
   * @param spillDir an existing directory for the sorter's files, deleted as they are merged
   * @param chunkSize events sorted in memory at a time
   * @param onFailure the live projector's policy, which the fold follows: a record that does not
   *     decode is left out ({@code DEAD_LETTER}) or ends its partition's fold ({@code PAUSE}); an
   *     event whose rows the store refuses is left out, or, under {@code PAUSE}, ends the fold with
   *     an error, since a partition cannot be stopped at it once the other events are folded
   */
  public LogFold(LogAudit<E> audit, EventLog<E> log, Path spillDir, int chunkSize, VerifyProgress progress, FailurePolicy onFailure) {
    this.audit = audit;
    this.lines = new EventLines<>(audit);
    this.folding = audit.fold(LogFold::refusal);
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

  /** Reads the whole log: the events of no sorted aggregate folded, the others into {@code events}. */
  private long read(ExternalSorter events) {
    long[] read = {0};
    log.readAll(new EventLog.Sink<>() {
      @Override
      public void event(E event, long offset) {
        Optional<String> aggregate = audit.aggregate(event);
        if (aggregate.isPresent()) {
          events.add(lines.line(aggregate.get(), event, offset));
        } else {
          folding.read(event).ifPresent(reason -> parked.add(audit.describe(event), reason));
          inMemory++;
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

  /** Folds each aggregate from its sorted events, then what the whole log calls for. */
  private void derive(Iterator<String> sortedEvents, ExpectedRows expected) {
    String aggregate = null;
    List<E> history = new ArrayList<>();
    long folded = inMemory;
    while (sortedEvents.hasNext()) {
      String line = sortedEvents.next();
      if (++folded % PROGRESS_EVERY == 0) {
        progress.update(EVENTS_FOLDED, folded);
      }
      String key = EventLines.aggregate(line);
      if (!key.equals(aggregate)) {
        fold(aggregate, history, expected);
        aggregate = key;
        history.clear();
      }
      history.add(lines.event(line));
    }
    fold(aggregate, history, expected);
    folding.end().forEach(expected::row);
    progress.update(EVENTS_FOLDED, folded);
  }

  private void fold(String aggregate, List<E> history, ExpectedRows expected) {
    if (aggregate == null) {
      return;
    }
    LogAudit.Expected rows = folding.aggregate(aggregate, history);
    if (rows.rows().stream().anyMatch(row -> refusal(row).isPresent())) {
      rows = folding.aggregate(aggregate, writable(aggregate, history));
    }
    rows.rows().forEach(expected::row);
    rows.members().forEach(expected::member);
    folding.kept(aggregate, rows).forEach(expected::internal);
  }

  /** Why the store would refuse a row a projection puts; empty when it fits. */
  private static Optional<String> refusal(RowChange.Put row) {
    return StorageLimits.violation(row);
  }

  /**
   * The aggregate's events without those the live projector could not apply, one at a time as it
   * meets them: an event whose rows the store would refuse is left out, and the next events apply
   * to the state before it. Folds the history once per event, so only for the rare aggregate with
   * such an event.
   */
  private List<E> writable(String aggregate, List<E> history) {
    List<E> kept = new ArrayList<>();
    for (E event : history) {
      kept.add(event);
      Optional<String> violation = folding.aggregate(aggregate, kept).rows().stream()
          .map(LogFold::refusal).flatMap(Optional::stream).findFirst();
      if (violation.isPresent()) {
        String position = audit.describe(event);
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
}
