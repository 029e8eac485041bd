package io.tablecast.bench;

import java.util.Arrays;
import java.util.List;

/**
 * Latency samples in nanoseconds. A {@link Recorder} collects them on one thread without
 * synchronisation; {@link #merge} combines the recorders of all clients into sorted samples.
 */
final class Latencies {

  private final long[] sortedNanos;

  private Latencies(long[] sortedNanos) {
    this.sortedNanos = sortedNanos;
  }

  static Latencies merge(List<Recorder> recorders) {
    long[] all = recorders.stream().flatMapToLong(r -> Arrays.stream(r.samples, 0, r.size)).toArray();
    Arrays.sort(all);
    return new Latencies(all);
  }

  int count() {
    return sortedNanos.length;
  }

  /** The nearest-rank percentile, in milliseconds; NaN when there are no samples. */
  double percentileMillis(double percentile) {
    if (sortedNanos.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(percentile / 100.0 * sortedNanos.length);
    return millis(sortedNanos[Math.max(0, rank - 1)]);
  }

  double maxMillis() {
    return sortedNanos.length == 0 ? Double.NaN : millis(sortedNanos[sortedNanos.length - 1]);
  }

  double meanMillis() {
    return sortedNanos.length == 0 ? Double.NaN : millis((long) Arrays.stream(sortedNanos).average().orElse(0));
  }

  private static double millis(long nanos) {
    return nanos / 1_000_000.0;
  }

  /** A growable buffer of samples, owned by one thread. */
  static final class Recorder {

    private long[] samples = new long[1024];
    private int size;

    void record(long nanos) {
      if (size == samples.length) {
        samples = Arrays.copyOf(samples, size * 2);
      }
      samples[size++] = nanos;
    }
  }
}
