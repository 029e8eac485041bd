package io.tablecast.views.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.views.domain.PipelineStatus;
import io.tablecast.views.domain.PipelineStatus.QueueDepth;
import io.tablecast.views.domain.dashboard.Sample;
import io.tablecast.views.domain.dashboard.TelemetryReport;
import io.tablecast.views.domain.dashboard.TelemetryReport.Role;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SamplerTest {

  private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-28T01:00:00Z"));
  private final AtomicLong commands = new AtomicLong(1_000);
  private boolean storageDown;
  private long eventsApplied = 100;
  private long queued = 4;
  private long queuedArchives = 3;

  private final StatusSource status = new StatusSource() {
    @Override
    public PipelineStatus read() {
      if (storageDown) {
        throw new IllegalStateException("storage is down");
      }
      return new PipelineStatus(2, OptionalInt.of(3), List.of(), false, activeQueues(), Optional.of(0L), List.of(), List.of());
    }

    @Override
    public boolean stalled() {
      return false;
    }

    @Override
    public List<String> stalledViewSets() {
      return List.of();
    }

    @Override
    public List<QueueDepth> activeQueues() {
      if (storageDown) {
        throw new IllegalStateException("storage is down");
      }
      return List.of(new QueueDepth("index-maintenance-g2", queued, 1), new QueueDepth("archive-employee-g2", queuedArchives, 0));
    }
  };

  private final TelemetrySource telemetry = () -> storageDown ? fail() : List.of(new TelemetryReport(Role.PROJECTOR, "p", now.get().minusSeconds(1), 5,
      eventsApplied, OptionalDouble.of(12.0), OptionalDouble.of(80.0), 0, OptionalDouble.empty(), OptionalDouble.empty()));

  private final Sampler sampler = new Sampler(() -> OptionalLong.of(commands.get()), telemetry, status, Clock.systemUTC());

  private static List<TelemetryReport> fail() {
    throw new IllegalStateException("storage is down");
  }

  @Test
  void theFirstSampleHasNoCommandRateAndTheNextOneTheGrowthPerSecond() {
    Sample first = sampler.sample(now.get());
    now.set(now.get().plusSeconds(5));
    commands.addAndGet(60);
    Sample second = sampler.sample(now.get());

    assertThat(first.commandsPerSecond()).isEmpty();
    assertThat(second.commandsPerSecond()).hasValue(12.0);
    assertThat(sampler.samples()).containsExactly(first, second);
  }

  @Test
  void aSampleCarriesTheTelemetryAndTheActiveGenerationsQueueDepths() {
    Sample sample = sampler.sample(now.get());

    assertThat(sample.telemetry().eventsAppliedPerSecond()).hasValue(20.0);
    assertThat(sample.telemetry().viewFreshnessP99Ms()).hasValue(80.0);
    assertThat(sample.queued()).hasValue(7);
    assertThat(sample.parked()).hasValue(1);
  }

  @Test
  void aQuietPipelineIsSampledOnceAMinuteWhileTheCommandsTopicIsReadEveryPeriod() {
    // given nothing moving: no command, no event applied, nothing queued
    quiet();
    int points = 0;
    for (int tick = 0; tick < 36; tick++) { // three minutes of 5-s ticks
      points += sampler.tick(now.get()).isPresent() ? 1 : 0;
      now.set(now.get().plus(Sampler.PERIOD));
    }

    // then: the first point, which found it quiet, and then one a minute
    assertThat(points).isEqualTo(3);
  }

  @Test
  void aCommandEndsTheQuietAtOnce() {
    quiet();
    sampler.tick(now.get());
    now.set(now.get().plus(Sampler.PERIOD));
    sampler.tick(now.get());
    now.set(now.get().plus(Sampler.PERIOD));
    assertThat(sampler.tick(now.get())).isEmpty();

    commands.addAndGet(10);
    now.set(now.get().plus(Sampler.PERIOD));
    Optional<Sample> sample = sampler.tick(now.get());

    assertThat(sample).isPresent();
    assertThat(sample.get().commandsPerSecond()).hasValue(2.0);
    now.set(now.get().plus(Sampler.PERIOD));
    assertThat(sampler.tick(now.get())).as("the next period, while commands may follow").isPresent();
  }

  @Test
  void workReportedWithoutACommandEndsTheQuietAtOnce() {
    quiet();
    sampler.tick(now.get());
    now.set(now.get().plus(Sampler.PERIOD));
    assertThat(sampler.tick(now.get())).isEmpty();

    eventsApplied = 40; // a projector catching up, say
    now.set(now.get().plus(Sampler.PERIOD));

    assertThat(sampler.tick(now.get())).hasValueSatisfying(s -> assertThat(s.telemetry().eventsAppliedPerSecond()).hasValue(8.0));
  }

  @Test
  void queuedWorkOrAMissingPartKeepsTheSamplerAtItsPeriod() {
    quiet();
    queued = 2;
    sampler.tick(now.get());
    now.set(now.get().plus(Sampler.PERIOD));
    sampler.tick(now.get());
    now.set(now.get().plus(Sampler.PERIOD));
    assertThat(sampler.tick(now.get())).as("work queued").isPresent();

    queued = 0;
    storageDown = true;
    now.set(now.get().plus(Sampler.PERIOD));
    sampler.tick(now.get());
    now.set(now.get().plus(Sampler.PERIOD));
    assertThat(sampler.tick(now.get())).as("storage down").isPresent();
  }

  private void quiet() {
    eventsApplied = 0;
    queued = 0;
    queuedArchives = 0;
  }

  @Test
  void withStorageDownASampleStillHasTheCommandRateAndNoStorageFigures() {
    sampler.sample(now.get());
    storageDown = true;
    now.set(now.get().plus(Duration.ofSeconds(5)));
    commands.addAndGet(5);
    Sample sample = sampler.sample(now.get());

    assertThat(sample.commandsPerSecond()).hasValue(1.0);
    assertThat(sample.queued()).isEmpty();
    assertThat(sample.telemetry().eventsAppliedPerSecond()).isEmpty();
  }

  @Test
  void theBackgroundSamplerTakesAPointAtOnceAndStopsOnClose() throws InterruptedException {
    try (Sampler running = new Sampler(() -> OptionalLong.of(1), telemetry, status, Clock.systemUTC()).start(Duration.ofMillis(50))) {
      long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (running.samples().size() < 3 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(running.samples().size()).isGreaterThanOrEqualTo(3);
      running.close();
      int taken = running.samples().size();
      Thread.sleep(200);
      assertThat(running.samples()).hasSize(taken);
    }
  }
}
