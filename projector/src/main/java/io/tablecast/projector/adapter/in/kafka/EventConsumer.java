package io.tablecast.projector.adapter.in.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DomainEvent;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.application.BatchApplier;
import io.tablecast.projector.application.Checkpoint;
import io.tablecast.projector.application.CheckpointStore;
import io.tablecast.projector.application.FailureClassifier;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import io.tablecast.projector.application.PolledEvent;
import io.tablecast.projector.domain.SourcePosition;
import io.tablecast.schemas.EventSerde;
import io.tablecast.schemas.UndecodableEventException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The projector's consumer loop over the two event topics, in one consumer group (one owner per
 * Kafka partition).
 *
 * <p>At-least-once delivery, exactly-once effect. For each polled batch: mark it in flight in
 * {@code ProjectorCheckpoints}, apply it (tables, then work items), mark it applied, and only
 * then commit its offsets. After a crash, the next owner resumes after what the checkpoints say
 * is applied, even where the group's committed offset is further on ({@link Positions}: the store
 * is the truth), and treats the half-applied batch with care. A transient failure (storage down)
 * commits nothing: the batch is read again after a backoff, and the stall detector reports the
 * wait.
 * Undecodable and unappliable events are dead-lettered or pause their partition, by policy.
 * Reads committed records only, so aborted command-processor transactions are never projected.
 */
public final class EventConsumer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EventConsumer.class);
  private static final Duration HEARTBEAT = Duration.ofSeconds(5);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

  /**
   * How the loop behaves; from the projector's configuration.
   *
   * @param instanceId this instance's static membership of the group, if it has a stable id
   */
  public record Settings(String groupId, FailurePolicy policy, Duration stallTimeout, int maxPollRecords, Optional<String> instanceId) {}

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final Settings settings;
  private final BatchApplier applier;
  private final CheckpointStore checkpoints;
  private final DeadLetters deadLetters;
  private final FailureClassifier failures;
  private final Clock clock;
  private final Progress progress;
  private final EventSerde events = new EventSerde();
  private final Positions positions;
  private final Consumer<Set<PartitionRef>> storeBehind;
  private final Counter applied;
  private final Counter parked;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile Throwable fatal;
  private Instant nextHeartbeat = Instant.EPOCH;

  /**
   * @param storeBehind told of the partitions whose checkpoint was found behind the group's
   *     committed offset, when they are assigned: the store has lost writes
   */
  public EventConsumer(KafkaSettings kafka, Settings settings, TopicNames topics, BatchApplier applier,
      CheckpointStore checkpoints, DeadLetters deadLetters, FailureClassifier failures, MeterRegistry metrics, Clock clock,
      Consumer<Set<PartitionRef>> storeBehind) {
    this.settings = settings;
    this.positions = new Positions(checkpoints);
    this.storeBehind = storeBehind;
    this.applier = applier;
    this.checkpoints = checkpoints;
    this.deadLetters = deadLetters;
    this.failures = failures;
    this.clock = clock;
    this.progress = new Progress(clock, settings.stallTimeout(), metrics);
    this.applied = Counter.builder("tablecast.projector.events.applied").description("Events applied").register(metrics);
    this.parked = Counter.builder("tablecast.projector.dlq").description("Records parked on the DLQ").register(metrics);
    Map<String, Object> config = new HashMap<>(Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
        ConsumerConfig.GROUP_ID_CONFIG, settings.groupId(),
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxPollRecords(),
        // A crashed instance's partitions move to the others after 10 s, not the default 45 s.
        ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000,
        ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 2_000));
    // A static member restarted takes its partitions back at once, without waiting for its old session to expire.
    settings.instanceId().ifPresent(id -> config.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, id));
    this.consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    consumer.subscribe(topics.eventTopics(), new Rebalances());
    this.thread = new Thread(this::run, "projector-" + settings.groupId());
    thread.start();
  }

  private void run() {
    Duration backoff = Duration.ZERO;
    ConsumerRecords<byte[], byte[]> records = ConsumerRecords.empty();
    try {
      while (running) {
        try {
          records = consumer.poll(Duration.ofMillis(200));
          resumeAssigned();
          consumer.assignment().forEach(p -> consumer.currentLag(p).ifPresent(lag -> progress.lag(p, lag)));
          if (!records.isEmpty()) {
            applyBatch(records);
            backoff = Duration.ZERO;
          }
          // After the batch: the lag counts what is left after it, so a lag of 0 in the
          // checkpoints never hides a batch still being applied (quiescence, SPEC §9).
          heartbeatIfDue();
        } catch (WakeupException e) {
          throw e;
        } catch (RuntimeException e) {
          if (!failures.isTransient(e)) {
            throw e;
          }
          backoff = backoff.isZero() ? Duration.ofSeconds(1) : min(backoff.multipliedBy(2), MAX_BACKOFF);
          // The storage outage itself is logged once, by the clients (AzureClients.outage()).
          log.debug("Projection failed for now ({}); reading the batch again in {} s", failures.describe(e), backoff.toSeconds());
          rewind(records);
          sleep(backoff);
        }
      }
    } catch (WakeupException e) {
      if (running) {
        fatal = e;
      }
    } catch (RuntimeException e) {
      fatal = e;
      log.error("Projector stopped without committing; the records will be delivered again", e);
    } finally {
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

  private void applyBatch(ConsumerRecords<byte[], byte[]> records) {
    Map<TopicPartition, Long> last = new HashMap<>();
    List<ConsumerRecord<byte[], byte[]>> fresh = new ArrayList<>();
    for (TopicPartition partition : records.partitions()) {
      Checkpoint window = positions.window(partition);
      for (ConsumerRecord<byte[], byte[]> record : records.records(partition)) {
        last.put(partition, record.offset());
        if (!window.isApplied(record.offset())) {
          fresh.add(record);
        }
      }
    }
    if (!fresh.isEmpty()) {
      checkpoints.markInFlight(refs(last));
    }
    PolledBatch batch = decode(fresh);
    BatchApplier.Result result = applier.apply(batch.events);
    result.deadLetters().forEach(u -> batch.park(u.event().position(), u.reason()));
    result.pausedAt().forEach((ref, u) -> batch.stop(u.event().position(), u.reason()));
    batch.parked.forEach((record, reason) -> {
      deadLetters.park(record, reason);
      parked.increment();
    });
    Map<TopicPartition, Long> appliedUpTo = new HashMap<>(last);
    batch.stops.forEach((partition, offset) -> appliedUpTo.put(partition, offset - 1));
    checkpoints.markApplied(refs(appliedUpTo), progress.lags(), clock.instant());
    Map<TopicPartition, OffsetAndMetadata> commits = new HashMap<>();
    appliedUpTo.forEach((partition, offset) -> commits.put(partition, new OffsetAndMetadata(offset + 1)));
    consumer.commitSync(commits);
    appliedUpTo.forEach(positions::applied);
    batch.stops.forEach((partition, offset) -> {
      consumer.seek(partition, offset);
      consumer.pause(List.of(partition));
      progress.paused(partition, batch.stopReasons.get(partition));
      log.error("Partition {} paused at offset {}: {}", partition, offset, batch.stopReasons.get(partition));
    });
    applied.increment(batch.events.size());
    progress.progressed();
  }

  /** Decodes the fresh records; an undecodable one is parked or stops its partition. */
  private PolledBatch decode(List<ConsumerRecord<byte[], byte[]>> fresh) {
    PolledBatch batch = new PolledBatch();
    for (ConsumerRecord<byte[], byte[]> record : fresh) {
      TopicPartition partition = new TopicPartition(record.topic(), record.partition());
      batch.records.put(position(record), record);
      if (batch.stops.containsKey(partition)) {
        continue;
      }
      try {
        DomainEvent event = events.deserializer().deserialize(record.topic(), record.headers(), record.value());
        if (event != null) {
          batch.events.add(new PolledEvent(event, position(record), positions.window(partition).isUncertain(record.offset())));
        }
      } catch (UndecodableEventException e) {
        log.warn("Record {} cannot be decoded: {}", position(record), e.getMessage());
        if (settings.policy() == FailurePolicy.PAUSE) {
          batch.stop(position(record), e.getMessage());
        } else {
          batch.park(position(record), e.getMessage());
        }
      }
    }
    return batch;
  }

  private void heartbeatIfDue() {
    Instant now = clock.instant();
    if (now.isBefore(nextHeartbeat) || consumer.assignment().isEmpty()) {
      return;
    }
    nextHeartbeat = now.plus(HEARTBEAT);
    try {
      checkpoints.heartbeat(progress.lags(), progress.pausedReasons(), now);
    } catch (RuntimeException e) {
      if (failures.isTransient(e)) {
        log.debug("Could not write the projector's heartbeat: {}", failures.describe(e));
      } else {
        log.warn("Could not write the projector's heartbeat: {}", failures.describe(e));
      }
    }
  }

  private void rewind(ConsumerRecords<byte[], byte[]> records) {
    for (TopicPartition partition : records.partitions()) {
      if (consumer.assignment().contains(partition)) {
        consumer.seek(partition, records.records(partition).get(0).offset());
      }
    }
  }

  private static Map<PartitionRef, Long> refs(Map<TopicPartition, Long> offsets) {
    Map<PartitionRef, Long> refs = new HashMap<>();
    offsets.forEach((p, o) -> refs.put(Progress.ref(p), o));
    return refs;
  }

  private static SourcePosition position(ConsumerRecord<?, ?> record) {
    return new SourcePosition(record.topic(), record.partition(), record.offset());
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
      positions.revoked(partitions);
      partitions.forEach(progress::revoked);
    }
  }

  /** Down when the loop died, is stalled, or has paused a partition: each is a frozen pipeline. */
  public boolean isHealthy() {
    return fatal == null && thread.isAlive() && !progress.stalled() && progress.pausedReasons().isEmpty();
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
