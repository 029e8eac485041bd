package io.tablecast.viewstore.domain.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablecast.viewstore.domain.telemetry.HistogramWindow.Snapshot;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class HistogramWindowTest {

  private static final double[] BOUNDS = {1, 2, 4, 8, 16, 32, 64, 128};

  @Test
  void aWindowCountsOnlyWhatWasRecordedBetweenItsSnapshots() {
    Snapshot before = snapshot(new double[] {1, 1, 1, 1, 1, 1, 1});
    Snapshot after = snapshot(new double[] {1, 1, 1, 1, 1, 1, 1, 50, 50, 60});

    HistogramWindow window = HistogramWindow.between(before, after);

    assertThat(window.count()).isEqualTo(3);
    assertThat(window.quantile(0.5).getAsDouble()).isBetween(32.0, 64.0);
    assertThat(window.quantile(0.99).getAsDouble()).isBetween(32.0, 64.0);
  }

  @Test
  void anEmptyWindowHasNoQuantile() {
    Snapshot same = snapshot(new double[] {3, 5});

    assertThat(HistogramWindow.between(same, same).quantile(0.5)).isEmpty();
    assertThat(HistogramWindow.between(Snapshot.EMPTY, Snapshot.EMPTY).quantile(0.99)).isEmpty();
  }

  @Test
  void aValueAboveEveryBucketReportsTheLastBound() {
    HistogramWindow window = HistogramWindow.between(Snapshot.EMPTY, snapshot(new double[] {500, 900}));

    assertThat(window.quantile(0.99)).hasValue(128.0);
  }

  @Test
  void windowsOfSeveralHistogramsSumToOne_andAnUnusedOneIsIgnored() {
    HistogramWindow a = HistogramWindow.between(Snapshot.EMPTY, snapshot(new double[] {3, 3, 3}));
    HistogramWindow b = HistogramWindow.between(Snapshot.EMPTY, snapshot(new double[] {100}));

    HistogramWindow total = HistogramWindow.sum(List.of(a, HistogramWindow.between(Snapshot.EMPTY, Snapshot.EMPTY), b));

    assertThat(total.count()).isEqualTo(4);
    assertThat(total.quantile(0.5).getAsDouble()).isBetween(2.0, 4.0);
    assertThat(total.quantile(0.99).getAsDouble()).isBetween(64.0, 128.0);
  }

  /** The quantile lies in the bucket that holds the true quantile of the recorded values. */
  @Property(tries = 300)
  void theQuantileLiesInTheBucketOfTheTrueQuantile(
      @ForAll @Size(min = 1, max = 200) List<@DoubleRange(min = 0.01, max = 127.99) Double> values,
      @ForAll @IntRange(min = 1, max = 99) int percent) {
    double q = percent / 100.0;
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    double exact = sorted[(int) Math.max(0, Math.ceil(q * sorted.length) - 1)];

    double estimate = HistogramWindow.between(Snapshot.EMPTY, snapshot(sorted)).quantile(q).getAsDouble();

    int bucket = bucketOf(exact);
    double lower = bucket == 0 ? 0 : BOUNDS[bucket - 1];
    assertThat(estimate).isBetween(lower - 1e-9, BOUNDS[bucket] + 1e-9);
  }

  @Test
  void theMedianOfUniformValuesInterpolatesInsideItsBucket() {
    double[] values = new double[100];
    Arrays.setAll(values, i -> 16 + i * 0.16); // 16 .. 31.84, all in the bucket (16, 32]

    double median = HistogramWindow.between(Snapshot.EMPTY, snapshot(values)).quantile(0.5).getAsDouble();

    assertThat(median).isCloseTo(24.0, within(0.5));
  }

  private static Snapshot snapshot(double[] values) {
    double[] counts = new double[BOUNDS.length];
    for (double value : values) {
      for (int i = bucketOf(value); i < BOUNDS.length; i++) {
        counts[i]++;
      }
    }
    return new Snapshot(BOUNDS, counts, values.length);
  }

  private static int bucketOf(double value) {
    for (int i = 0; i < BOUNDS.length; i++) {
      if (value <= BOUNDS[i]) {
        return i;
      }
    }
    return BOUNDS.length;
  }
}
