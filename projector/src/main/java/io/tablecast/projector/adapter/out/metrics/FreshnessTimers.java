package io.tablecast.projector.adapter.out.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.tablecast.projector.application.Freshness;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code tablecast_projector_freshness_seconds{table}}: the time from an event's record's
 * timestamp (for HR, when the commands service accepted its command: the command processor's
 * events carry its record's time) to the write that made it visible in a view table, as a
 * histogram. Clocks of different machines skew it; a negative time counts as zero.
 */
public final class FreshnessTimers implements Freshness {

  private final MeterRegistry metrics;
  private final Clock clock;
  private final Map<String, Timer> timers = new ConcurrentHashMap<>();

  public FreshnessTimers(MeterRegistry metrics, Clock clock) {
    this.metrics = metrics;
    this.clock = clock;
  }

  @Override
  public void applied(String table, List<Instant> written) {
    Timer timer = timers.computeIfAbsent(table, t -> Timer.builder("tablecast.projector.freshness")
        .description("From an event's acceptance by the command processor to its write in a view table")
        .tag("table", t)
        .publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofMillis(1))
        .maximumExpectedValue(Duration.ofMinutes(5))
        .register(metrics));
    long now = clock.millis();
    for (Instant at : written) {
      timer.record(Duration.ofMillis(Math.max(0, now - at.toEpochMilli())));
    }
  }
}
