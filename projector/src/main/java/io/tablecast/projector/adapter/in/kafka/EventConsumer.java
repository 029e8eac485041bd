package io.tablecast.projector.adapter.in.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.application.BatchApplier;
import io.tablecast.projector.application.CheckpointStore;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import io.tablecast.viewstore.application.FailureClassifier;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The projector's consumer loop over a planned view set's event topics ({@link EventSource}), in
 * one consumer group (one owner per Kafka partition).
 *
 * <p>At-least-once delivery, exactly-once effect. The loop keeps the pipe full: it polls, marks
 * the batch in flight in {@code ProjectorCheckpoints}, hands it to the applier and polls again
 * while the batch is applied, up to twice {@code max.poll.records} events in flight. As batches
 * complete, in order, their offsets go to the {@link CheckpointWriter}, which marks them applied
 * in the background, and only then are they committed to the group. After a crash, the next owner
 * resumes after what the checkpoints say is applied, even where the group's committed offset is
 * further on ({@link Positions}: the store is the truth), and treats the records that were in
 * flight with care. A transient failure (storage down) gives up every batch in flight once they
 * have settled: the partitions are read again from their checkpoints after a backoff, and the
 * stall detector reports the wait. Undecodable and unappliable events are dead-lettered or pause
 * their partition, by policy. Reads committed records only, so aborted command-processor
 * transactions are never projected.
 *
 * <p>The loop writes its checkpoints every {@link #HEARTBEAT} while anything moves, and every
 * {@link #idleHeartbeat} while nothing does, so that {@code /status} can tell a projector that is
 * down from one that is idle. An idle loop blocks in its poll until a record arrives, a second at
 * most.
 */
public final class EventConsumer<E> implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EventConsumer.class);
  /** How often the checkpoints are written while anything moves, progress or not: a liveness signal for {@code /status}. */
  private static final Duration HEARTBEAT = Duration.ofSeconds(5);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
  /**
   * How long a batch may be on its way before the views count as behind: about twice what a
   * batch takes under load (a read and an EGT per partition, the locators, the work items), well
   * below the views' freshness target of 1 s at the sustained rate.
   */
  static final Duration FRESHNESS_TARGET = Duration.ofMillis(500);
  private static final long NOTHING_IN_FLIGHT = Long.MIN_VALUE;
  /**
   * With nothing in flight, a poll returns as soon as a record arrives; a close wakes it. The loop
   * then turns once a second, enough for the checkpoints' {@link #HEARTBEAT}.
   */
  private static final Duration IDLE_POLL = Duration.ofSeconds(1);
  /** With batches in flight, the loop comes back often to checkpoint and commit what they applied. */
  private static final Duration BUSY_POLL = Duration.ofMillis(2);

  /**
   * How the loop behaves; from the projector's configuration.
   *
   * @param instanceId this instance's static membership of the group, if it has a stable id
   */
  public record Settings(String groupId, FailurePolicy policy, Duration stallTimeout, int maxPollRecords, Optional<String> instanceId,
      Tracing tracing) {}

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final Settings settings;
  private final CheckpointStore checkpoints;
  private final FailureClassifier failures;
  private final Clock clock;
  private final Progress progress;
  private final Positions positions;
  private final Consumer<Set<PartitionRef>> storeBehind;
  private final BatchPipe<E> pipe;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile Throwable fatal;
  private final Duration idleHeartbeat;
  private Instant lastHeartbeat = Instant.EPOCH;
  /** When the oldest batch in flight was handed on ({@link System#nanoTime()}), or {@link #NOTHING_IN_FLIGHT}. */
  private volatile long inFlightSince = NOTHING_IN_FLIGHT;

  /**
   * @param storeBehind told of the partitions whose checkpoint was found behind the group's
   *     committed offset, when they are assigned: the store has lost writes
   */
  public EventConsumer(KafkaSettings kafka, Settings settings, EventSource<E> source, BatchApplier<E> applier,
      CheckpointStore checkpoints, DeadLetters deadLetters, FailureClassifier failures, MeterRegistry metrics, Clock clock,
      Consumer<Set<PartitionRef>> storeBehind) {
    this.settings = settings;
    this.positions = new Positions(checkpoints);
    this.storeBehind = storeBehind;
    this.checkpoints = checkpoints;
    this.failures = failures;
    this.clock = clock;
    this.progress = new Progress(clock, settings.stallTimeout(), metrics);
    this.idleHeartbeat = idleHeartbeat(settings.stallTimeout());
    Map<String, Object> config = new HashMap<>(kafka.client(Map.of(
        ConsumerConfig.GROUP_ID_CONFIG, settings.groupId(),
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxPollRecords(),
        // A crashed instance's partitions move to the others after 10 s, not the default 45 s.
        ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000,
        ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 2_000)));
    // A static member restarted takes its partitions back at once, without waiting for its old session to expire.
    settings.instanceId().ifPresent(id -> config.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, id));
    this.consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    this.pipe = new BatchPipe<>(consumer, source, settings.policy(), settings.maxPollRecords() * 2, applier, checkpoints, deadLetters,
        failures, positions, progress, metrics, clock, settings.groupId(), settings.tracing());
    consumer.subscribe(source.topics().keySet(), new Rebalances());
    this.thread = new Thread(this::run, "projector-" + settings.groupId());
    thread.start();
  }

  private void run() {
    Duration backoff = Duration.ZERO;
    try {
      while (running) {
        try {
          ConsumerRecords<byte[], byte[]> records = consumer.poll(pipe.isEmpty() ? IDLE_POLL : BUSY_POLL);
          resumeAssigned();
          consumer.assignment().forEach(p -> consumer.currentLag(p).ifPresent(lag -> progress.lag(p, pipe.lag(p, lag))));
          if (!records.isEmpty()) {
            pipe.submit(records);
          }
          if (pipe.settle()) {
            backoff = Duration.ZERO;
          }
          inFlightSince = pipe.oldestInFlightNanos().orElse(NOTHING_IN_FLIGHT);
          while (pipe.isFull() && running) {
            pipe.awaitHead(BUSY_POLL.toMillis() * 10);
            pipe.settle();
            inFlightSince = pipe.oldestInFlightNanos().orElse(NOTHING_IN_FLIGHT);
          }
          heartbeatIfDue();
        } catch (WakeupException e) {
          throw e;
        } catch (RuntimeException e) {
          if (!failures.isTransient(e)) {
            throw e;
          }
          backoff = backoff.isZero() ? Duration.ofSeconds(1) : min(backoff.multipliedBy(2), MAX_BACKOFF);
          // The storage outage itself is logged once, by the clients (AzureClients.outage()).
          log.debug("Projection failed for now ({}); reading the records again in {} s", failures.describe(e), backoff.toSeconds());
          pipe.abandon();
          inFlightSince = NOTHING_IN_FLIGHT;
          sleep(backoff);
        }
      }
    } catch (WakeupException e) {
      if (running) {
        fatal = e;
      }
    } catch (RuntimeException e) {
      fatal = e;
      log.error("Projector stopped; what it had not checkpointed will be delivered again", e);
    } finally {
      pipe.drain(consumer.assignment());
      pipe.close();
      consumer.close(Duration.ofSeconds(5));
    }
  }

  /** Positions the partitions assigned in the last poll at their checkpoints, and resumes them. */
  private void resumeAssigned() {
    try {
      Set<PartitionRef> behind = positions.resume(consumer);
      if (!behind.isEmpty()) {
        storeBehind.accept(behind);
      }
    } catch (RetriableException e) {
      log.debug("Could not read the group's committed offsets yet: {}", e.toString()); // the next turn tries again
    }
  }

  /**
   * How often the checkpoints are written while nothing moves: a third of the stall timeout (10 s
   * by default), so that a live projector's heartbeat is never older than the stall rule allows
   * (SPEC §7), with room for a late write; never more often than {@link #HEARTBEAT}. Each write
   * costs the storage service a request, and Azurite a save of its whole table database.
   */
  static Duration idleHeartbeat(Duration stallTimeout) {
    Duration third = stallTimeout.dividedBy(3);
    return third.compareTo(HEARTBEAT) > 0 ? third : HEARTBEAT;
  }

  /** Nothing in flight, nothing to project, nothing paused: the last heartbeat still tells all. */
  private boolean idle() {
    return pipe.isEmpty() && progress.lagInProgress() == 0 && progress.pausedReasons().isEmpty();
  }

  private void heartbeatIfDue() {
    Instant now = clock.instant();
    if (now.isBefore(lastHeartbeat.plus(idle() ? idleHeartbeat : HEARTBEAT)) || consumer.assignment().isEmpty()) {
      return;
    }
    lastHeartbeat = now;
    try {
      checkpoints.heartbeat(new CheckpointStore.Heartbeat(progress.lags(), progress.pausedReasons(), progress.rates(),
          progress.lastProgress()), now);
    } catch (RuntimeException e) {
      if (failures.isTransient(e)) {
        log.debug("Could not write the projector's heartbeat: {}", failures.describe(e));
      } else {
        log.warn("Could not write the projector's heartbeat: {}", failures.describe(e));
      }
    }
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) < 0 ? a : b;
  }

  private void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
    }
  }

  /** Partitions come and go: their checkpoints are read again before they resume, their gauges follow them. */
  private final class Rebalances implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
      positions.assigned(consumer, partitions);
      partitions.forEach(progress::assigned);
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
      pipe.drain(partitions);
      positions.revoked(partitions);
      pipe.revoked(partitions);
      partitions.forEach(progress::revoked);
    }
  }

  /** Down when the loop died, is stalled, or has paused a partition: each is a frozen pipeline. */
  public boolean isHealthy() {
    return fatal == null && thread.isAlive() && !progress.stalled() && progress.pausedReasons().isEmpty();
  }

  /**
   * Whether the views are past their freshness target: the oldest batch in flight was handed on
   * more than {@link #FRESHNESS_TARGET} ago (a full pipe, whose records wait to be polled, ages its
   * oldest batch too). The queue workers beside this consumer then give way to it. Records merely
   * in flight, as there always are a few under a steady load, do not count; nor do paused
   * partitions, whose records are not polled.
   */
  public boolean isBehind() {
    long since = inFlightSince;
    return since != NOTHING_IN_FLIGHT && System.nanoTime() - since > FRESHNESS_TARGET.toNanos();
  }

  public boolean isStalled() {
    return progress.stalled();
  }

  public Instant lastProgress() {
    return progress.lastProgress();
  }

  public Map<PartitionRef, String> pausedPartitions() {
    return progress.pausedReasons();
  }

  @Override
  public void close() {
    running = false;
    consumer.wakeup();
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
