package io.tablecast.views.application;

import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.views.domain.PipelineStatus;
import io.tablecast.views.domain.PipelineStatus.QueueDepth;
import io.tablecast.views.domain.dashboard.Rates;
import io.tablecast.views.domain.dashboard.RingBuffer;
import io.tablecast.views.domain.dashboard.Sample;
import io.tablecast.views.domain.dashboard.TelemetrySummary;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the pipeline for the status page's charts every {@link #PERIOD}, into a ring buffer of
 * {@link #POINTS} points (the last 15 minutes). Sampling in the background, once per instance,
 * keeps the charts' history whether or not a page is open, and costs the same however many pages
 * are: a page only reads the buffer.
 *
 * <p>Each part of a sample is read on its own: a storage outage leaves the commands rate on the
 * chart, and a Kafka outage the queue depths. A part that fails is empty in that point.
 */
public final class Sampler implements AutoCloseable {

  public static final Duration PERIOD = Duration.ofSeconds(5);
  public static final int POINTS = 180;
  /** Telemetry rows older than this belong to processes that stopped (three of their windows). */
  public static final Duration TELEMETRY_STALE_AFTER = Duration.ofSeconds(15);

  private static final Logger log = LoggerFactory.getLogger(Sampler.class);

  private final CommandLog commands;
  private final TelemetrySource telemetry;
  private final StatusSource status;
  private final Clock clock;
  private final RingBuffer<Sample> samples = new RingBuffer<>(POINTS);
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("views-sampler"));
  private Reading previous;

  private record Reading(Instant at, long commands) {}

  public Sampler(CommandLog commands, TelemetrySource telemetry, StatusSource status, Clock clock) {
    this.commands = commands;
    this.telemetry = telemetry;
    this.status = status;
    this.clock = clock;
  }

  /** Takes a sample now and then every {@code period}, until {@link #close()}. */
  public Sampler start(Duration period) {
    timer.scheduleAtFixedRate(this::sampleSafely, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    return this;
  }

  /** The points taken, oldest first. */
  public List<Sample> samples() {
    return samples.values();
  }

  /** Takes one sample as of {@code now} and adds it to the buffer. */
  synchronized Sample sample(Instant now) {
    OptionalDouble commandRate = OptionalDouble.empty();
    OptionalLong recorded = commands.commandsRecorded();
    if (recorded.isPresent()) {
      Reading reading = new Reading(now, recorded.getAsLong());
      if (previous != null) {
        commandRate = Rates.perSecond(previous.commands(), reading.commands(), Duration.between(previous.at(), now));
      }
      previous = reading;
    }
    TelemetrySummary summary = TelemetrySummary.NONE;
    OptionalLong queued = OptionalLong.empty();
    OptionalLong parked = OptionalLong.empty();
    try {
      summary = TelemetrySummary.of(telemetry.reports(), now, TELEMETRY_STALE_AFTER);
      List<QueueDepth> active = activeQueues(status.read());
      queued = OptionalLong.of(active.stream().mapToLong(QueueDepth::depth).sum());
      parked = OptionalLong.of(active.stream().mapToLong(QueueDepth::poisonDepth).sum());
    } catch (RuntimeException e) {
      // The storage clients log an outage once; each missed point need not say it again.
      log.debug("A sample of the pipeline went without storage: {}", e.toString());
    }
    Sample sample = new Sample(now, commandRate, summary, queued, parked);
    samples.add(sample);
    return sample;
  }

  /** The active generation's queues: their names end in {@code -g<N>}. */
  static List<QueueDepth> activeQueues(PipelineStatus status) {
    String suffix = "-g" + status.activeGeneration();
    return status.queues().stream().filter(q -> q.name().endsWith(suffix)).toList();
  }

  private void sampleSafely() {
    try {
      sample(clock.instant());
    } catch (RuntimeException e) {
      log.warn("Could not sample the pipeline for the status page", e);
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
    try {
      if (!timer.awaitTermination(5, TimeUnit.SECONDS)) {
        log.warn("The status page's sampler did not stop within 5 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
