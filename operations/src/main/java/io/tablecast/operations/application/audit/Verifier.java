package io.tablecast.operations.application.audit;

import io.tablecast.projection.LogAudit;
import io.tablecast.projection.ViewSet;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * {@code verify} (SPEC §6): recomputes every view of a generation from the event log with the
 * production folds, and compares it with the tables, entity by entity, ignoring Timestamp and
 * ETag. Reports each entity that is {@code missing}, {@code extra} or {@code different}.
 *
 * <p><b>Bounded memory, whatever the size of the log.</b> Nothing grows with the log or the
 * tables except files in a temporary directory, deleted at the end:
 *
 * <ol>
 *   <li>The log is read once ({@link EventLog}). The events of no sorted aggregate are folded in
 *       memory; the others are written to an {@link ExternalSorter}, keyed by aggregate and
 *       version ({@link LogAudit}).
 *   <li>The sorted events are folded one aggregate at a time ({@link LogFold}); each
 *       aggregate's expected rows go, as canonical lines ({@link AuditRecords}), to a second
 *       sorter. What the whole log calls for (summaries) follows at the end.
 *   <li>Every table is scanned page by page ({@link ViewRows}) into a third sorter, in the same
 *       canonical form, so the comparison does not rely on the service's order.
 *   <li>The two sorted streams are merged and compared ({@link MergeCompare}, {@link
 *       DifferenceFinder}).
 * </ol>
 *
 * Memory is one sorter chunk at a time, plus one line per run file during merges.
 *
 * <p><b>Audits a quiescent pipeline.</b> It compares the log up to where it stood at the start
 * with the tables as scanned later; the checkpoints ({@link CheckpointPositions}) are read before
 * and after, and a report says when they moved, since differences may then be work in flight.
 * Read-only: it writes nothing to Kafka or the tables.
 */
public final class Verifier<E> {

  /**
   * @param tempDir where the sorters spill, in a fresh directory of their own
   * @param chunkSize lines sorted in memory at a time
   * @param maxShown of the missing (extra) members of a set of a packed table, how many a report names
   */
  public record Settings(Path tempDir, int chunkSize, int maxShown) {

    public static Settings defaults() {
      return new Settings(Path.of(System.getProperty("java.io.tmpdir")), 50_000, 20);
    }

    public Settings withChunkSize(int chunkSize) {
      return new Settings(tempDir, chunkSize, maxShown);
    }
  }

  private final LogAudit<E> audit;
  private final EventLog<E> log;
  private final ViewRows views;
  private final CheckpointPositions checkpoints;
  private final Settings settings;
  private final VerifyProgress progress;

  public Verifier(LogAudit<E> audit, EventLog<E> log, ViewRows views, CheckpointPositions checkpoints, Settings settings,
      VerifyProgress progress) {
    this.audit = Objects.requireNonNull(audit, "'audit' cannot be null.");
    this.log = Objects.requireNonNull(log, "'log' cannot be null.");
    this.views = Objects.requireNonNull(views, "'views' cannot be null.");
    this.checkpoints = Objects.requireNonNull(checkpoints, "'checkpoints' cannot be null.");
    this.settings = Objects.requireNonNull(settings, "'settings' cannot be null.");
    this.progress = Objects.requireNonNull(progress, "'progress' cannot be null.");
  }

  /** Runs the audit; every difference goes to {@code differences}, in key order. */
  public VerifyReport verify(Consumer<Difference> differences) {
    Map<String, String> before = checkpoints.positions();
    try (SpillDir dir = new SpillDir(settings.tempDir(), "tablecast-verify")) {
      return audit(dir.path(), differences, before);
    }
  }

  private VerifyReport audit(Path dir, Consumer<Difference> differences, Map<String, String> before) {
    ActualViews actualViews = new ActualViews(audit, progress);
    Map<ViewSet.Table, Long> differing = new HashMap<>();
    try (ExternalSorter expected = sorter(dir, "expected");
        ExternalSorter actual = sorter(dir, "actual")) {
      CanonicalLines expectedLines = new CanonicalLines(expected);
      long read = new LogFold<>(audit, log, dir, settings.chunkSize(), progress).fold(expectedLines);
      actualViews.scan(views, actual);
      try (DifferenceFinder finder = new DifferenceFinder(difference -> {
        differing.merge(difference.table(), 1L, Long::sum);
        differences.accept(difference);
      }, audit, settings.maxShown())) {
        MergeCompare.run(expected.sorted(), actual.sorted(), finder);
      }
      boolean moved = !before.equals(checkpoints.positions());
      return new VerifyReport(read, expectedLines.counts(), actualViews.counts(), differing, moved);
    }
  }

  private ExternalSorter sorter(Path dir, String name) {
    return new ExternalSorter(dir, name, settings.chunkSize());
  }

}
