package io.tablecast.projector.adapter.in.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.projector.application.PartitionRef;
import io.tablecast.testkit.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class ProgressTest {

  private static final TopicPartition HIRES = new TopicPartition("employee-events", 0);
  private static final TopicPartition DEPARTMENTS = new TopicPartition("department-events", 0);

  private final MovableClock clock = new MovableClock(Instant.parse("2026-11-29T09:00:00Z"));
  private final SimpleMeterRegistry metrics = new SimpleMeterRegistry();
  private final Progress progress = new Progress(clock, Duration.ofSeconds(30), metrics);

  @Test
  void aPartitionsRateIsItsRecordsAppliedOverTheLastMinute() {
    progress.assigned(HIRES);
    progress.applied(Map.of(HIRES, 99L));
    for (int second = 1; second <= 10; second++) {
      clock.advance(Duration.ofSeconds(1));
      progress.applied(Map.of(HIRES, 99L + 40 * second));
    }

    assertThat(progress.rates().get(new PartitionRef("employee-events", 0))).isCloseTo(40.0, within(0.01));
    assertThat(metrics.get("tablecast.projector.rate").tag("topic", "employee-events").gauge().value()).isCloseTo(40.0, within(0.01));

    clock.advance(Duration.ofMinutes(2));
    assertThat(progress.rates().get(new PartitionRef("employee-events", 0))).as("nothing applied in the last minute").isZero();
  }

  @Test
  void aPartitionWithLagIsBehindWhileTheProjectorProgressesAndNotOnceItIsStalled() {
    progress.assigned(HIRES);
    progress.assigned(DEPARTMENTS);
    progress.lag(HIRES, 1_300);
    progress.lag(DEPARTMENTS, 4);
    progress.progressed();

    clock.advance(Duration.ofSeconds(20));
    progress.progressed(); // hires applied; the departments' batch waits its turn
    clock.advance(Duration.ofSeconds(20));

    assertThat(progress.behind(DEPARTMENTS)).isTrue();
    assertThat(progress.stalled()).isFalse();
    assertThat(metrics.get("tablecast.projector.behind").tag("topic", "department-events").gauge().value()).isEqualTo(1);

    clock.advance(Duration.ofSeconds(11));
    assertThat(progress.stalled()).as("no progress anywhere for more than 30 s").isTrue();
    assertThat(progress.behind(DEPARTMENTS)).isFalse();
  }

  @Test
  void aRevokedPartitionTakesItsGaugesWithIt() {
    progress.assigned(HIRES);
    progress.revoked(HIRES);

    assertThat(metrics.find("tablecast.projector.rate").gauges()).isEmpty();
    assertThat(metrics.find("tablecast.projector.behind").gauges()).isEmpty();
    assertThat(metrics.find("tablecast.projector.lag").gauges()).isEmpty();
  }
}
