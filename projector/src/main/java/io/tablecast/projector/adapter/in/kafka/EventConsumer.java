package io.tablecast.projector.adapter.in.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DomainEvent;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.application.Projector;
import io.tablecast.schemas.EventSerde;
import io.tablecast.schemas.UndecodableEventException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The projector's consumer loop over the two event topics, in one consumer group (one owner per
 * Kafka partition).
 *
 * <p>At-least-once delivery, exactly-once effect: offsets are committed manually, only after
 * every record of the poll is applied (or parked on the DLQ); the views skip events they
 * already reflect. A failure to apply stops the loop without committing, and the records are
 * delivered again after a restart. Reads committed records only, so aborted command-processor
 * transactions are never projected.
 */
public final class EventConsumer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EventConsumer.class);

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final Projector projector;
  private final DeadLetters deadLetters;
  private final EventSerde events = new EventSerde();
  private final Counter applied;
  private final Counter parked;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile Instant lastProgress = Instant.now();
  private volatile Throwable failure;

  public EventConsumer(
      KafkaSettings kafka, String groupId, TopicNames topics, Projector projector, DeadLetters deadLetters, MeterRegistry metrics) {
    this.projector = projector;
    this.deadLetters = deadLetters;
    this.applied = Counter.builder("tablecast.projector.events.applied").register(metrics);
    this.parked = Counter.builder("tablecast.projector.dlq").description("Records parked on the DLQ").register(metrics);
    this.consumer = new KafkaConsumer<>(
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
            ConsumerConfig.GROUP_ID_CONFIG, groupId,
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
            ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
            ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500,
            // A crashed instance's partitions move to the others after 10 s, not the default 45 s.
            ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000,
            ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 2_000),
        new ByteArrayDeserializer(),
        new ByteArrayDeserializer());
    consumer.subscribe(topics.eventTopics());
    this.thread = new Thread(this::run, "projector-" + groupId);
    thread.start();
  }

  private void run() {
    try {
      while (running) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(200));
        if (!records.isEmpty()) {
          projector.project(decode(records));
          consumer.commitSync(nextOffsets(records));
          applied.increment(records.count());
          lastProgress = Instant.now();
        }
      }
    } catch (WakeupException e) {
      if (running) {
        failure = e;
      }
    } catch (RuntimeException e) {
      failure = e;
      log.error("Projector stopped without committing; the records will be delivered again", e);
    } finally {
      consumer.close(Duration.ofSeconds(5));
    }
  }

  private List<DomainEvent> decode(ConsumerRecords<byte[], byte[]> records) {
    List<DomainEvent> decoded = new ArrayList<>(records.count());
    for (ConsumerRecord<byte[], byte[]> record : records) {
      try {
        DomainEvent event = events.deserializer().deserialize(record.topic(), record.headers(), record.value());
        if (event != null) {
          decoded.add(event);
        }
      } catch (UndecodableEventException e) {
        log.warn("Parking undecodable record {}-{}@{} on the DLQ: {}", record.topic(), record.partition(), record.offset(), e.getMessage());
        deadLetters.park(record, e.getMessage());
        parked.increment();
      }
    }
    return decoded;
  }

  private static Map<TopicPartition, OffsetAndMetadata> nextOffsets(ConsumerRecords<byte[], byte[]> records) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    for (TopicPartition partition : records.partitions()) {
      List<ConsumerRecord<byte[], byte[]>> list = records.records(partition);
      offsets.put(partition, new OffsetAndMetadata(list.get(list.size() - 1).offset() + 1));
    }
    return offsets;
  }

  public boolean isHealthy() {
    return failure == null && thread.isAlive();
  }

  public Instant lastProgress() {
    return lastProgress;
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
