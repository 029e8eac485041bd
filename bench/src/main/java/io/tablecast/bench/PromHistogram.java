package io.tablecast.bench;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The growth of one Prometheus histogram between two scrapes: for each bucket's upper bound
 * {@code le} (seconds), how many observations at most that long were added, cumulative as
 * Prometheus gives them. Percentiles are interpolated linearly inside the bucket that holds the
 * rank, as Prometheus's {@code histogram_quantile} does, so they are estimates whose precision is
 * the buckets' width (Micrometer's percentile histogram: about 10 % to 40 % of the value).
 *
 * @param buckets upper bound (seconds, {@code +Inf} last) → observations added at most that long
 * @param count observations added (the {@code +Inf} bucket, or {@code _count})
 */
record PromHistogram(TreeMap<Double, Double> buckets, double count) {

  private static final Pattern LE = Pattern.compile("[{,]le=\"([^\"]+)\"");

  /**
   * The delta of histogram {@code name} (without {@code _bucket}) for the series whose labels
   * include {@code label="value"}, from {@code before} to {@code after}; empty (count 0) when the
   * service does not export it.
   */
  static PromHistogram delta(PromMetrics before, PromMetrics after, String name, String label, String value) {
    TreeMap<Double, Double> start = buckets(before, name, label, value);
    TreeMap<Double, Double> end = buckets(after, name, label, value);
    TreeMap<Double, Double> delta = new TreeMap<>();
    end.forEach((le, n) -> delta.put(le, n - start.getOrDefault(le, 0.0)));
    double count = delta.isEmpty() ? 0 : delta.lastEntry().getValue();
    return new PromHistogram(delta, count);
  }

  private static TreeMap<Double, Double> buckets(PromMetrics scrape, String name, String label, String value) {
    TreeMap<Double, Double> out = new TreeMap<>();
    String prefix = name + "_bucket{";
    String wanted = label + "=\"" + value + "\"";
    for (Map.Entry<String, Double> e : scrape.series().entrySet()) {
      String key = e.getKey();
      if (!key.startsWith(prefix) || !key.contains(wanted)) {
        continue;
      }
      Matcher m = LE.matcher(key);
      if (m.find()) {
        String le = m.group(1);
        out.merge(le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le), e.getValue(), Double::sum);
      }
    }
    return out;
  }

  boolean isEmpty() {
    return count <= 0;
  }

  /**
   * The interpolated percentile, in milliseconds; NaN when empty. A rank in the {@code +Inf}
   * bucket gives the largest finite bound (the value is then at least that).
   */
  double percentileMillis(double percentile) {
    if (isEmpty()) {
      return Double.NaN;
    }
    double rank = percentile / 100.0 * count;
    double lowerBound = 0;
    double below = 0;
    for (Map.Entry<Double, Double> e : buckets.entrySet()) {
      double le = e.getKey();
      double cumulative = e.getValue();
      if (cumulative >= rank) {
        if (Double.isInfinite(le)) {
          return lowerBound * 1000;
        }
        double inBucket = cumulative - below;
        double fraction = inBucket <= 0 ? 1 : (rank - below) / inBucket;
        return (lowerBound + (le - lowerBound) * fraction) * 1000;
      }
      lowerBound = le;
      below = cumulative;
    }
    return lowerBound * 1000;
  }
}
