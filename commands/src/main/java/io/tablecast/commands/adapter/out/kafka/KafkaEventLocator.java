package io.tablecast.commands.adapter.out.kafka;

import io.tablecast.commands.application.EventLocator;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.EventSerde;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.utils.Utils;

/**
 * Finds an accepted command's event for a replayed answer: the event is keyed by its aggregate
 * id, so it is on the partition Kafka's default partitioner picks for that key, at or after the
 * time the command was issued. A short, bounded read from there finds it. Replays are rare, so
 * a consumer is made per lookup; thread-safe.
 */
public final class KafkaEventLocator implements EventLocator {

  /** Clocks of different hosts disagree a little; start reading this much earlier. */
  private static final Duration SKEW = Duration.ofMinutes(1);
  private static final Duration MAX_SEARCH = Duration.ofSeconds(10);

  private final KafkaSettings kafka;
  private final TopicNames topics;
  private final EventSerde events = new EventSerde();

  public KafkaEventLocator(KafkaSettings kafka, TopicNames topics) {
    this.kafka = kafka;
    this.topics = topics;
  }

  @Override
  public ConsistencyToken.EventPosition locate(boolean departmentEvent, String aggregateId, String commandId, Instant notBefore) {
    String topic = departmentEvent ? topics.departmentEvents() : topics.employeeEvents();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
        Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
            ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
        new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      int partitions = consumer.partitionsFor(topic, Duration.ofSeconds(10)).size();
      TopicPartition partition = new TopicPartition(topic,
          Utils.toPositive(Utils.murmur2(aggregateId.getBytes(StandardCharsets.UTF_8))) % partitions);
      consumer.assign(List.of(partition));
      OffsetAndTimestamp from = consumer.offsetsForTimes(Map.of(partition, notBefore.minus(SKEW).toEpochMilli())).get(partition);
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      consumer.seek(partition, from == null ? end : from.offset());
      Instant deadline = Instant.now().plus(MAX_SEARCH);
      while (consumer.position(partition) < end && Instant.now().isBefore(deadline)) {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          DomainEvent event = events.deserializer().deserialize(topic, record.headers(), record.value());
          if (event != null && event.metadata().commandId().equals(commandId)) {
            return new ConsistencyToken.EventPosition(topic, record.partition(), record.offset());
          }
        }
      }
    }
    throw new IllegalStateException("The event of command " + commandId + " for " + aggregateId + " was not found in " + topic);
  }
}
