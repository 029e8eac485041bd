package io.tablecast.views.domain.dashboard;

import java.time.Duration;
import java.util.OptionalDouble;

/** Rates from two readings of a counter that only grows, such as the sum of a topic's end offsets. */
public final class Rates {

  private Rates() {}

  /**
   * How much the counter grew per second between two readings; empty when the time between them
   * is not positive or the counter went backwards (a topic deleted and created again): no rate is
   * better than a wrong one on a chart.
   */
  public static OptionalDouble perSecond(long before, long after, Duration between) {
    if (between.isNegative() || between.isZero() || after < before) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of((after - before) * 1_000.0 / between.toMillis());
  }
}
