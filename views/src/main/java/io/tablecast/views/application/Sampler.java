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
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the pipeline for the status page's charts, into a ring buffer of {@link #POINTS} points
 * (the last 15 minutes at most). Sampling in the background, once per instance, keeps the charts'
 * history whether or not a page is open, and costs the same however many pages are: a page only
 * reads the buffer.
 *
 * <p>While the pipeline moves, a point every {@link #PERIOD}. While it is quiet (the last point saw
 * no command, no event applied, no item done and nothing queued), a point every {@link
 * #QUIET_PERIOD} only: every {@link #PERIOD} the sampler still reads the commands topic's end
 * offsets (from Kafka) and the telemetry rows (one query), and the first command recorded or work
 * reported done brings a point at once, and the {@link #PERIOD} again. Only the queue depths, six
 * requests a point, wait for a point: a change of depth with no work done around it (an
 * operator's requeue, before a worker takes the message) shows at the next one. The page draws
 * points by their time, so a quiet stretch is a straight line between two points.
 *
 * <p>The commands rate and the storage parts are read on their own: a storage outage leaves the
 * commands rate on the chart, and a Kafka outage the queue depths. A part that fails is empty in
 * that point, and a point with a part missing is no quiet one.
 */
public final class Sampler implements AutoCloseable {

  public static final Duration PERIOD = Duration.ofSeconds(5);
  public static final Duration QUIET_PERIOD = Duration.ofSeconds(60);
  public static final int POINTS = 180;
  /** Telemetry rows older than this many of their windows belong to processes that stopped. */
  public static final int TELEMETRY_STALE_AFTER_WINDOWS = 3;

  private static final Logger log = LoggerFactory.getLogger(Sampler.class);

  private final CommandLog commands;
  private final TelemetrySource telemetry;
  private final StatusSource status;
  private final Clock clock;
  private final RingBuffer<Sample> samples = new RingBuffer<>(POINTS);
  private final ScheduledExecutorService timer = DaemonThreads.scheduler("views-sampler");
  /** The commands recorded at the last reading of the commands topic, sample or not. */
  private Reading previous;
  private Sample last;

  private record Reading(Instant at, long commands) {}

  public Sampler(CommandLog commands, TelemetrySource telemetry, StatusSource status, Clock clock) {
    this.commands = commands;
    this.telemetry = telemetry;
    this.status = status;
    this.clock = clock;
  }

  /** Takes a sample now, then looks every {@code period} whether to take the next, until {@link #close()}. */
  public Sampler start(Duration period) {
    timer.scheduleAtFixedRate(this::tickSafely, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    return this;
  }

  /** The points taken, oldest first. */
  public List<Sample> samples() {
    return samples.values();
  }

  /**
   * Reads the commands topic and the telemetry rows, and takes a sample as of {@code now} unless the
   * pipeline is quiet: the last point was quiet, less than {@link #QUIET_PERIOD} ago, no command
   * came since, and no process reports work done.
   *
   * @return the sample taken, if one was
   */
  synchronized Optional<Sample> tick(Instant now) {
    OptionalLong recorded = commands.commandsRecorded();
    Optional<TelemetrySummary> summary = telemetry(now);
    boolean commandsCame = recorded.isEmpty() || previous == null || recorded.getAsLong() != previous.commands();
    boolean workDone = summary.map(s -> s.eventsAppliedPerSecond().orElse(0) > 0 || s.itemsDonePerSecond().orElse(0) > 0).orElse(true);
    if (!commandsCame && !workDone && quiet(last) && Duration.between(last.at(), now).compareTo(QUIET_PERIOD) < 0) {
      previous = new Reading(now, recorded.getAsLong());
      return Optional.empty();
    }
    return Optional.of(sample(now, recorded, summary));
  }

  /** Takes one sample as of {@code now} and adds it to the buffer. */
  synchronized Sample sample(Instant now) {
    return sample(now, commands.commandsRecorded(), telemetry(now));
  }

  private Optional<TelemetrySummary> telemetry(Instant now) {
    try {
      return Optional.of(TelemetrySummary.of(telemetry.reports(), now, TELEMETRY_STALE_AFTER_WINDOWS));
    } catch (RuntimeException e) {
      // The storage clients log an outage once; each missed point need not say it again.
      log.debug("A sample of the pipeline went without its telemetry: {}", e.toString());
      return Optional.empty();
    }
  }

  private Sample sample(Instant now, OptionalLong recorded, Optional<TelemetrySummary> summary) {
    OptionalDouble commandRate = OptionalDouble.empty();
    if (recorded.isPresent()) {
      Reading reading = new Reading(now, recorded.getAsLong());
      if (previous != null) {
        commandRate = Rates.perSecond(previous.commands(), reading.commands(), Duration.between(previous.at(), now));
      }
      previous = reading;
    }
    OptionalLong queued = OptionalLong.empty();
    OptionalLong parked = OptionalLong.empty();
    if (summary.isPresent()) {
      try {
        List<QueueDepth> active = status.activeQueues();
        queued = OptionalLong.of(active.stream().mapToLong(QueueDepth::depth).sum());
        parked = OptionalLong.of(active.stream().mapToLong(QueueDepth::poisonDepth).sum());
      } catch (RuntimeException e) {
        log.debug("A sample of the pipeline went without its queues: {}", e.toString());
      }
    }
    Sample sample = new Sample(now, commandRate, summary.orElse(TelemetrySummary.NONE), queued, parked);
    samples.add(sample);
    last = sample;
    return sample;
  }

  /** The active generation's queues: their names end in {@code -g<N>}. */
  static List<QueueDepth> activeQueues(PipelineStatus status) {
    String suffix = "-g" + status.activeGeneration();
    return status.queues().stream().filter(q -> q.name().endsWith(suffix)).toList();
  }

  /** Nothing moved at this point, and every part of it was read. */
  static boolean quiet(Sample sample) {
    return sample != null
        && sample.commandsPerSecond().orElse(0) == 0
        && sample.telemetry().eventsAppliedPerSecond().orElse(0) == 0
        && sample.telemetry().itemsDonePerSecond().orElse(0) == 0
        && sample.queued().isPresent() && sample.queued().getAsLong() == 0;
  }

  private void tickSafely() {
    try {
      tick(clock.instant());
    } catch (RuntimeException e) {
      log.warn("Could not sample the pipeline for the status page", e);
    }
  }
  @Override
  public void close() {
    if (!DaemonThreads.stopGently(timer, Duration.ofSeconds(5))) {
      log.warn("The status page's sampler did not stop within 5 s");
    }
  }
}
