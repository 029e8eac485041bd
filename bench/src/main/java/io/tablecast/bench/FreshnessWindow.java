package io.tablecast.bench;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one window of the freshness benchmark saw: the commands sent in it, their answers, and how
 * long each sampled effect took to show in the views. Every figure belongs to the window its command was
 * sent in, even when its answer or its visibility comes later. Thread-safe: the scheduler, the
 * HTTP callbacks and the readers all write here.
 */
final class FreshnessWindow {

  final String name;
  final double offeredRate;
  final int seconds;
  private long startNanos;
  private long endNanos;
  private long sent;
  private long succeeded;
  private long succeededInWindow;
  private long pending;
  private long answered;
  private final Map<CommandKind, Long> sentByKind = new EnumMap<>(CommandKind.class);
  private final Map<CommandKind, Long> sampledByKind = new EnumMap<>(CommandKind.class);
  private final Map<CommandKind, Long> substituted = new EnumMap<>(CommandKind.class);
  private final Map<String, Long> errors = new TreeMap<>();
  private final Map<String, String> errorSamples = new TreeMap<>();
  private final Latencies.Recorder commandLatency = new Latencies.Recorder();
  private final Latencies.Recorder visibility = new Latencies.Recorder();
  private final Map<CommandKind, Latencies.Recorder> visibilityByKind = new EnumMap<>(CommandKind.class);
  private final Map<CommandKind, Latencies.Recorder> lowerBoundByKind = new EnumMap<>(CommandKind.class);
  private final Latencies.Recorder readLate = new Latencies.Recorder();
  private final Map<CommandKind, Long> notSeen = new EnumMap<>(CommandKind.class);
  private final Latencies.Recorder indexVisibility = new Latencies.Recorder();
  private final Latencies.Recorder indexLowerBound = new Latencies.Recorder();
  private long indexAwaited;
  private long indexNotSeen;
  private long schedulerLateMaxNanos;
  private long schedulerLateSumNanos;
  private long reads;
  private long readErrors;
  private long readLateSumNanos;

  FreshnessWindow(String name, double offeredRate, int seconds) {
    this.name = name;
    this.offeredRate = offeredRate;
    this.seconds = seconds;
  }

  synchronized void started(long nanos) {
    startNanos = nanos;
    endNanos = nanos + seconds * 1_000_000_000L;
  }

  synchronized void sent(CommandKind kind, CommandKind wanted, boolean sampled, long lateNanos) {
    sent++;
    pending++;
    sentByKind.merge(kind, 1L, Long::sum);
    if (sampled) {
      sampledByKind.merge(kind, 1L, Long::sum);
    }
    if (kind != wanted) {
      substituted.merge(wanted, 1L, Long::sum);
    }
    schedulerLateMaxNanos = Math.max(schedulerLateMaxNanos, lateNanos);
    schedulerLateSumNanos += lateNanos;
  }

  /** A 2xx answer; the effect of a sampled command is now awaited, that of another one is not. */
  synchronized void succeeded(long latencyNanos, long answeredNanos, boolean sampled) {
    succeeded++;
    answered++;
    if (answeredNanos <= endNanos) {
      succeededInWindow++;
    }
    commandLatency.record(latencyNanos);
    if (!sampled) {
      pending--;
    }
  }

  /** Any other answer, or none; nothing is awaited. */
  synchronized void failed(CommandKind kind, String error, String sample, long latencyNanos, boolean sampled) {
    answered++;
    errors.merge(kind + " " + error, 1L, Long::sum);
    errorSamples.putIfAbsent(kind + " " + error, sample);
    commandLatency.record(latencyNanos);
    pending--;
  }

  /** A sampled hire's email index entry is awaited too. */
  synchronized void awaitingIndex() {
    indexAwaited++;
    pending++;
  }

  /** Seen {@code nanos} after the 2xx, and not yet {@code lowerNanos} after it. */
  synchronized void visible(VisibilityReaders.Check check, long nanos, long lowerNanos) {
    if (check.index) {
      indexVisibility.record(nanos);
      indexLowerBound.record(lowerNanos);
      pending--;
      return;
    }
    CommandKind kind = check.kind;
    visibility.record(nanos);
    visibilityByKind.computeIfAbsent(kind, k -> new Latencies.Recorder()).record(nanos);
    lowerBoundByKind.computeIfAbsent(kind, k -> new Latencies.Recorder()).record(lowerNanos);
    pending--;
  }

  synchronized void notSeen(VisibilityReaders.Check check) {
    if (check.index) {
      indexNotSeen++;
    } else {
      notSeen.merge(check.kind, 1L, Long::sum);
    }
    pending--;
  }

  synchronized void read(long lateNanos, boolean failed) {
    reads++;
    readLateSumNanos += lateNanos;
    readLate.record(lateNanos);
    if (failed) {
      readErrors++;
    }
  }

  /** Commands sent and neither failed, nor seen, nor given up on. */
  synchronized long pending() {
    return pending;
  }

  /** Commands sent and not answered yet. */
  synchronized long inFlight() {
    return sent - answered;
  }

  synchronized long startNanos() {
    return startNanos;
  }

  synchronized long endNanos() {
    return endNanos;
  }

  /** The figures as they are now. */
  synchronized Figures figures() {
    Map<CommandKind, Latencies> byKind = new EnumMap<>(CommandKind.class);
    visibilityByKind.forEach((k, r) -> byKind.put(k, Latencies.merge(List.of(r))));
    Map<CommandKind, Latencies> lowerByKind = new EnumMap<>(CommandKind.class);
    lowerBoundByKind.forEach((k, r) -> lowerByKind.put(k, Latencies.merge(List.of(r))));
    return new Figures(sent, succeeded, succeededInWindow / (double) seconds, new TreeMap<>(errors), new TreeMap<>(errorSamples),
        Latencies.merge(List.of(commandLatency)), Latencies.merge(List.of(visibility)), byKind, lowerByKind,
        byPath(visibilityByKind, true), byPath(visibilityByKind, false), byPath(lowerBoundByKind, true), byPath(lowerBoundByKind, false),
        new EnumMap<>(notSeen), new EnumMap<>(sentByKind), new EnumMap<>(sampledByKind), new EnumMap<>(substituted),
        schedulerLateMaxNanos / 1e6, sent == 0 ? 0 : schedulerLateSumNanos / 1e6 / sent, reads, readErrors,
        reads == 0 ? 0 : readLateSumNanos / 1e6 / reads, Latencies.merge(List.of(readLate)), pending,
        new IndexFigures(indexAwaited, Latencies.merge(List.of(indexVisibility)), Latencies.merge(List.of(indexLowerBound)), indexNotSeen));
  }

  private static Latencies byPath(Map<CommandKind, Latencies.Recorder> byKind, boolean projectorPath) {
    return Latencies.merge(byKind.entrySet().stream().filter(e -> e.getKey().projectorPath() == projectorPath)
        .map(Map.Entry::getValue).toList());
  }

  /**
   * Command → index: from a sampled hire's 2xx to the first {@code GET /employees?email=} that
   * answers with the employee, and the lower bounds.
   */
  record IndexFigures(long awaited, Latencies visibility, Latencies lowerBound, long notSeen) {}

  /**
   * A snapshot of the window, for the report. The visibility figures are those of the sampled
   * commands; the lower bounds run from the 2xx to the last read that did not show the effect.
   */
  record Figures(long sent, long succeeded, double succeededPerSecond, Map<String, Long> errors, Map<String, String> errorSamples,
      Latencies commandLatency, Latencies visibility, Map<CommandKind, Latencies> visibilityByKind,
      Map<CommandKind, Latencies> lowerBoundByKind, Latencies projectorPath, Latencies workerPath, Latencies projectorPathLower,
      Latencies workerPathLower, Map<CommandKind, Long> notSeen, Map<CommandKind, Long> sentByKind,
      Map<CommandKind, Long> sampledByKind, Map<CommandKind, Long> substituted, double schedulerLateMaxMillis,
      double schedulerLateMeanMillis, long reads, long readErrors, double readLateMeanMillis, Latencies readLate, long stillAwaited,
      IndexFigures index) {

    long sampledCount() {
      return sampledByKind.values().stream().mapToLong(Long::longValue).sum();
    }

    long notSeenOnPath(boolean projectorPath) {
      return notSeen.entrySet().stream().filter(e -> e.getKey().projectorPath() == projectorPath).mapToLong(Map.Entry::getValue).sum();
    }

    long notSeenCount() {
      return notSeen.values().stream().mapToLong(Long::longValue).sum();
    }

    long errorCount() {
      return errors.values().stream().mapToLong(Long::longValue).sum();
    }
  }
}
