package io.tablecast.operations.application.audit;

import io.tablecast.hr.audit.LastNameEntry;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.work.LastNameShards;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.steps.WorkerRow;
import io.tablecast.operations.application.audit.AuditRecords.Line;
import io.tablecast.operations.domain.audit.AuditRow;
import io.tablecast.projection.ViewSet;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads the rows of a {@link LogFold} into a new generation's tables through a {@link RowWriter}:
 * no reads, no replaces, no queue work. Last-name entries are sorted apart (they arrive in
 * employee order) and packed into full shards, in id order, at the end.
 *
 * <p>Memory stays bounded: the sorter's chunk, and the ids of one last name in one department
 * (at most {@value LastNameShards#SHARD_SIZE} × {@value LastNameShards#MAX_SHARDS}).
 */
public final class GenerationLoad implements ExpectedRows {

  static final long PROGRESS_EVERY = 10_000;
  /** The progress step of the second pass, as {@link VerifyProgress} reports it. */
  public static final String ROWS_LOADED = "rows loaded";

  /**
   * What a load did.
   *
   * @param read the first pass: the log read, department events folded, employee events sorted
   * @param loaded the second: employees folded and every row stored
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
  private final ExternalSorter lastNames;
  private final VerifyProgress progress;
  private long handedOver;

  private GenerationLoad(RowWriter writer, ExternalSorter lastNames, VerifyProgress progress) {
    this.writer = writer;
    this.lastNames = lastNames;
    this.progress = progress;
  }

  /**
   * Folds the log and loads every row into {@code writer}'s tables, which should be empty.
   *
   * @param settings where the sorters spill (a fresh directory in {@code tempDir}, deleted at the end) and their chunk size
   * @param onFailure the live projector's policy, which the fold follows ({@link LogFold})
   */
  public static Report load(EventLog log, RowWriter writer, Verifier.Settings settings, FailurePolicy onFailure, VerifyProgress progress) {
    try (SpillDir dir = new SpillDir(settings.tempDir(), "tablecast-load");
        ExternalSorter lastNames = new ExternalSorter(dir.path(), "lastnames", settings.chunkSize())) {
      long start = System.nanoTime();
      long[] readEnd = {start};
      VerifyProgress timed = (step, count) -> {
        if (step.equals(LogFold.EVENTS_READ)) {
          readEnd[0] = System.nanoTime(); // its last call ends the first pass
        }
        progress.update(step, count);
      };
      GenerationLoad load = new GenerationLoad(writer, lastNames, timed);
      LogFold fold = new LogFold(log, dir.path(), settings.chunkSize(), timed, onFailure);
      long read = fold.fold(load);
      load.writeLastNames();
      writer.flush();
      progress.update(ROWS_LOADED, writer.stored());
      long end = System.nanoTime();
      return new Report(read, writer.stored(), writer.storedByTable(), Duration.ofNanos(readEnd[0] - start),
          Duration.ofNanos(end - readEnd[0]), fold.parked().count(), fold.parked().shown(),
          fold.pausedAt());
    }
  }

  @Override
  public void row(AuditRow row) {
    writer.write(row);
    if (++handedOver % PROGRESS_EVERY == 0) {
      progress.update(ROWS_LOADED, writer.stored());
    }
  }

  @Override
  public void lastName(LastNameEntry entry) {
    lastNames.add(AuditRecords.line(entry, ""));
  }

  @Override
  public void workerState(String locatorPartition, WorkerRow state) {
    writer.writeWorkerState(locatorPartition, state);
  }

  /** Each department's ids under one last name, sorted, packed into shards as the workers lay them out. */
  private void writeLastNames() {
    Iterator<String> sorted = lastNames.sorted();
    String group = null;
    Line first = null;
    List<String> ids = new ArrayList<>();
    while (sorted.hasNext()) {
      Line line = Line.parse(sorted.next());
      String key = line.partitionKey() + AuditRecords.SEPARATOR + line.rowKey();
      if (!key.equals(group)) {
        writeShards(first, ids);
        group = key;
        first = line;
        ids.clear();
      }
      ids.add(line.employeeId());
    }
    writeShards(first, ids);
  }

  private void writeShards(Line group, List<String> ids) {
    if (group == null) {
      return;
    }
    Map<String, ViewEntity> shards = LastNameShards.update(group.rowKey(), Map.of(), ids, Set.of());
    shards.values().forEach(shard -> row(AuditRow.of(shard.at(ViewTable.EMPLOYEES_BY_LAST_NAME, group.partitionKey()))));
  }
}
