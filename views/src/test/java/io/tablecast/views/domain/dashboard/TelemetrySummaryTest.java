package io.tablecast.views.domain.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.views.domain.dashboard.TelemetryReport.Role;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class TelemetrySummaryTest {

  private static final Instant NOW = Instant.parse("2026-11-28T01:00:00Z");
  /** Three windows: 15 s for a report of 5 s. */
  private static final int STALE_AFTER = 3;

  private static TelemetryReport projector(String id, int secondsAgo, long events, Double p50, Double p99) {
    return projector(id, secondsAgo, 5, events, p50, p99);
  }

  private static TelemetryReport projector(String id, int secondsAgo, int window, long events, Double p50, Double p99) {
    return new TelemetryReport(Role.PROJECTOR, id, NOW.minusSeconds(secondsAgo), window, events, optional(p50), optional(p99), 0,
        OptionalDouble.empty(), OptionalDouble.empty());
  }

  private static TelemetryReport worker(String id, int secondsAgo, long items, Double p50, Double p99) {
    return new TelemetryReport(Role.WORKER, id, NOW.minusSeconds(secondsAgo), 5, 0, OptionalDouble.empty(), OptionalDouble.empty(), items,
        optional(p50), optional(p99));
  }

  private static OptionalDouble optional(Double value) {
    return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
  }

  @Test
  void givenTwoProjectorsTheirRatesAreSummedAndTheWorstPercentilesKept() {
    TelemetrySummary summary = TelemetrySummary.of(
        List.of(projector("a", 2, 50, 40.0, 300.0), projector("b", 4, 25, 90.0, 120.0)), NOW, STALE_AFTER);

    assertThat(summary.eventsAppliedPerSecond()).hasValue(15.0);
    assertThat(summary.viewFreshnessP50Ms()).hasValue(90.0);
    assertThat(summary.viewFreshnessP99Ms()).hasValue(300.0);
    assertThat(summary.processes()).isEqualTo(2);
  }

  @Test
  void givenAStaleRowItIsIgnored() {
    TelemetrySummary summary = TelemetrySummary.of(
        List.of(projector("live", 3, 10, 10.0, 20.0), projector("stopped", 16, 1_000, 9_000.0, 9_999.0)), NOW, STALE_AFTER);

    assertThat(summary.eventsAppliedPerSecond()).hasValue(2.0);
    assertThat(summary.viewFreshnessP99Ms()).hasValue(20.0);
    assertThat(summary.processes()).isEqualTo(1);
  }

  @Test
  void givenNoFreshRowEveryFigureIsNoDataRatherThanZero() {
    TelemetrySummary summary = TelemetrySummary.of(List.of(projector("stopped", 60, 10, 1.0, 2.0)), NOW, STALE_AFTER);

    assertThat(summary.eventsAppliedPerSecond()).isEmpty();
    assertThat(summary.viewFreshnessP50Ms()).isEmpty();
    assertThat(summary.itemsDonePerSecond()).isEmpty();
    assertThat(summary.indexFreshnessP99Ms()).isEmpty();
    assertThat(TelemetrySummary.NONE.eventsAppliedPerSecond()).isEmpty();
  }

  @Test
  void anIdleProjectorReportsAZeroRateAndNoFreshness() {
    TelemetrySummary summary = TelemetrySummary.of(List.of(projector("idle", 1, 0, null, null)), NOW, STALE_AFTER);

    assertThat(summary.eventsAppliedPerSecond()).hasValue(0.0);
    assertThat(summary.viewFreshnessP50Ms()).isEmpty();
  }

  @Test
  void aQuietReportStaysFreshForThreeOfItsLongWindows() {
    // given a process quiet for a minute: one report of a 60-s window, written 100 s ago
    TelemetrySummary quiet = TelemetrySummary.of(List.of(projector("quiet", 100, 60, 0, null, null)), NOW, STALE_AFTER);
    TelemetrySummary gone = TelemetrySummary.of(List.of(projector("gone", 181, 60, 0, null, null)), NOW, STALE_AFTER);

    assertThat(quiet.eventsAppliedPerSecond()).hasValue(0.0);
    assertThat(gone.eventsAppliedPerSecond()).isEmpty();
  }

  @Test
  void workersGiveTheIndexFiguresAndProjectorsTheViewFigures() {
    TelemetrySummary summary = TelemetrySummary.of(List.of(projector("p", 1, 10, 5.0, 7.0), worker("w1", 1, 20, 300.0, 800.0),
        worker("w2", 2, 5, 400.0, 500.0)), NOW, STALE_AFTER);

    assertThat(summary.itemsDonePerSecond()).hasValue(5.0);
    assertThat(summary.indexFreshnessP50Ms()).hasValue(400.0);
    assertThat(summary.indexFreshnessP99Ms()).hasValue(800.0);
    assertThat(summary.viewFreshnessP99Ms()).hasValue(7.0);
  }
}
