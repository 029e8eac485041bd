package io.tablecast.operations.application.audit;

import io.tablecast.operations.application.audit.AuditRecords.Line;
import io.tablecast.projection.LogAudit;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.ViewSet;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Loads the rows of a {@link LogFold} into a new generation's tables through a {@link RowWriter}:
 * no reads, no replaces, no queue work. The members of packed tables are sorted apart (they
 * arrive in aggregate order) and packed into full rows, in member order, at the end ({@link
 * LogAudit.PackedTable#pack}).
 *
 * <p>Memory stays bounded: the sorter's chunk, and the members of one group.
 */
public final class GenerationLoad implements ExpectedRows {

  static final long PROGRESS_EVERY = 10_000;
  /** The progress step of the second pass, as {@link VerifyProgress} reports it. */
  public static final String ROWS_LOADED = "rows loaded";

  /**
   * What a load did.
   *
   * @param read the first pass: the log read, the events of no sorted aggregate folded, the others sorted
   * @param loaded the second: the aggregates folded and every row stored
   * @param parked how many records were left out, as the live projector left them out of the views
   *     (undecodable, or with rows the store refuses)
   * @param parkedShown the first of them, each with its position and reason
   * @param pausedAt under the pause policy, the partitions whose fold ended at a record that does
   *     not decode, and its offset: the new generation's projector starts there, and pauses there
   */
  public record Report(long eventsRead, long rowsStored, Map<ViewSet.Table, Long> rowsByTable, Duration read, Duration loaded,
      long parked, List<String> parkedShown, Map<PartitionRef, Long> pausedAt) {
    public Report {
      rowsByTable = Map.copyOf(rowsByTable);
      parkedShown = List.copyOf(parkedShown);
      pausedAt = Map.copyOf(pausedAt);
    }
  }

  private final RowWriter writer;
  private final ExternalSorter members;
  private final VerifyProgress progress;
  private final Map<String, LogAudit.PackedTable> packed = new HashMap<>();
  private long handedOver;

  private GenerationLoad(LogAudit<?> audit, RowWriter writer, ExternalSorter members, VerifyProgress progress) {
    this.writer = writer;
    this.members = members;
    this.progress = progress;
    audit.packed().forEach(table -> packed.put(table.table().baseName(), table));
  }

  /**
   * Folds the log and loads every row into {@code writer}'s tables, which should be empty.
   *
   * @param settings where the sorters spill (a fresh directory in {@code tempDir}, deleted at the end) and their chunk size
   * @param onFailure the live projector's policy, which the fold follows ({@link LogFold})
   */
  public static <E> Report load(LogAudit<E> audit, EventLog<E> log, RowWriter writer, Verifier.Settings settings, FailurePolicy onFailure,
      VerifyProgress progress) {
    try (SpillDir dir = new SpillDir(settings.tempDir(), "tablecast-load");
        ExternalSorter members = new ExternalSorter(dir.path(), "members", settings.chunkSize())) {
      long start = System.nanoTime();
      long[] readEnd = {start};
      VerifyProgress timed = (step, count) -> {
        if (step.equals(LogFold.EVENTS_READ)) {
          readEnd[0] = System.nanoTime(); // its last call ends the first pass
        }
        progress.update(step, count);
      };
      GenerationLoad load = new GenerationLoad(audit, writer, members, timed);
      LogFold<E> fold = new LogFold<>(audit, log, dir.path(), settings.chunkSize(), timed, onFailure);
      long read = fold.fold(load);
      load.writeMembers();
      writer.flush();
      progress.update(ROWS_LOADED, writer.stored());
      long end = System.nanoTime();
      return new Report(read, writer.stored(), writer.storedByTable(), Duration.ofNanos(readEnd[0] - start),
          Duration.ofNanos(end - readEnd[0]), fold.parked().count(), fold.parked().shown(),
          fold.pausedAt());
    }
  }

  @Override
  public void row(RowChange.Put row) {
    writer.write(row);
    if (++handedOver % PROGRESS_EVERY == 0) {
      progress.update(ROWS_LOADED, writer.stored());
    }
  }

  @Override
  public void member(LogAudit.Member member) {
    members.add(AuditRecords.line(member, ""));
  }

  @Override
  public void internal(RowChange.Put row) {
    row(row);
  }

  /** Each group's members, sorted, packed into rows as the view set lays them out. */
  private void writeMembers() {
    Iterator<String> sorted = members.sorted();
    String group = null;
    Line first = null;
    List<String> listed = new ArrayList<>();
    while (sorted.hasNext()) {
      Line line = Line.parse(sorted.next());
      String key = line.table() + AuditRecords.SEPARATOR + line.partitionKey() + AuditRecords.SEPARATOR + line.rowKey();
      if (!key.equals(group)) {
        pack(first, listed);
        group = key;
        first = line;
        listed.clear();
      }
      listed.add(line.member());
    }
    pack(first, listed);
  }

  private void pack(Line group, List<String> listed) {
    if (group == null) {
      return;
    }
    packed.get(group.table()).pack(group.partitionKey(), group.rowKey(), listed).forEach(this::row);
  }
}
