package io.tablecast.viewstore.domain.telemetry;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * What a cumulative histogram recorded between two snapshots: the difference of their bucket
 * counts. A process reports its last window's percentiles from it without keeping any sample,
 * as Prometheus computes {@code histogram_quantile} over a {@code rate}.
 *
 * @param bounds the buckets' upper bounds, ascending, in any unit
 * @param counts per bucket, the values at or below its bound recorded in the window (cumulative)
 * @param count all values recorded in the window, those above the last bound included
 */
public record HistogramWindow(double[] bounds, double[] counts, long count) {

  /** A cumulative histogram at one moment: its bucket bounds, cumulative counts and total count. */
  public record Snapshot(double[] bounds, double[] counts, long count) {
    public static final Snapshot EMPTY = new Snapshot(new double[0], new double[0], 0);
  }

  /** The window from {@code before} to {@code after}; a histogram that was reset counts from zero. */
  public static HistogramWindow between(Snapshot before, Snapshot after) {
    boolean sameBuckets = Arrays.equals(before.bounds(), after.bounds()) && before.count() <= after.count();
    double[] counts = after.counts().clone();
    if (sameBuckets) {
      for (int i = 0; i < counts.length; i++) {
        counts[i] = Math.max(0, counts[i] - before.counts()[i]);
      }
    }
    return new HistogramWindow(after.bounds(), counts, sameBuckets ? after.count() - before.count() : after.count());
  }

  /**
   * The {@code q} quantile, interpolated linearly inside the bucket that holds it; the last bound
   * when it lies above every bucket; empty when the window recorded nothing.
   */
  public OptionalDouble quantile(double q) {
    if (count == 0 || bounds.length == 0) {
      return OptionalDouble.empty();
    }
    double rank = q * count;
    double lowerBound = 0;
    double lowerCount = 0;
    for (int i = 0; i < bounds.length; i++) {
      if (counts[i] >= rank && counts[i] > lowerCount) {
        double share = (rank - lowerCount) / (counts[i] - lowerCount);
        return OptionalDouble.of(lowerBound + (bounds[i] - lowerBound) * Math.max(0, share));
      }
      lowerBound = bounds[i];
      lowerCount = counts[i];
    }
    return OptionalDouble.of(bounds[bounds.length - 1]);
  }

  /** The windows of several histograms with the same buckets, as one (for example one per table). */
  public static HistogramWindow sum(Iterable<HistogramWindow> windows) {
    HistogramWindow total = new HistogramWindow(new double[0], new double[0], 0);
    for (HistogramWindow window : windows) {
      if (window.bounds().length == 0) {
        continue; // a histogram that never recorded has no buckets yet
      }
      if (total.bounds().length == 0) {
        total = window;
      } else if (Arrays.equals(total.bounds(), window.bounds())) {
        double[] counts = total.counts().clone();
        for (int i = 0; i < counts.length; i++) {
          counts[i] += window.counts()[i];
        }
        total = new HistogramWindow(total.bounds(), counts, total.count() + window.count());
      } else {
        throw new IllegalArgumentException("Histograms with different buckets cannot be summed");
      }
    }
    return total;
  }
}
