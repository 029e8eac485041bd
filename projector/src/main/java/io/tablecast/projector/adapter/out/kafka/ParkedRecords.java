package io.tablecast.projector.adapter.out.kafka;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.ReplayedDeadLetters.Place;
import io.tablecast.projection.PlannedViewSet;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The records on the dead-letter topic ({@link DeadLetters}), read from its beginning to its end,
 * and the events that followed them in their aggregates; read with no consumer group.
 */
public final class ParkedRecords {

  private static final Duration READ_TIMEOUT = Duration.ofMinutes(2);

  private ParkedRecords() {}

  /**
   * A parked record, as {@link DeadLetters#park} wrote it.
   *
   * @param place where it is on the dead-letter topic
   * @param viewSet the view set that parked it: the team's its header names, or the planned view set ({@link PlannedViewSet})
   * @param record the record itself: the event's key, value and headers, as they were
   */
  public record Parked(Place place, String viewSet, String topic, int partition, long offset, String reason, Instant parkedAt,
      ConsumerRecord<byte[], byte[]> record) {

    /** Where its event is in the log: {@code <topic>-<partition>@<offset>}. */
    public String source() {
      return CheckpointLayout.position(topic, partition, offset);
    }

    @Override
    public String toString() {
      return "dead letter " + place + " of " + viewSet + " from " + source() + ": " + reason;
    }
  }

  /**
   * Every record of {@code topic}, by partition and offset; those no team's view set parked are
   * {@code plannedViewSet}'s.
   *
   * @throws IllegalStateException if the topic cannot be read to its end within two minutes
   */
  public static List<Parked> read(KafkaSettings kafka, String topic, String plannedViewSet) {
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
        kafka.client(Map.of(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false, ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed")),
        new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic, READ_TIMEOUT).stream()
          .map(p -> new TopicPartition(topic, p.partition())).toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      List<Parked> parked = new ArrayList<>();
      readToEnd(consumer, partitions, record -> parked.add(parked(record, plannedViewSet)));
      parked.sort(Comparator.comparing((Parked p) -> p.place().partition()).thenComparing(p -> p.place().offset()));
      return parked;
    }
  }

  /**
   * The records of one partition of the log, from offset {@code from} to its end as it is now,
   * whose key is one of {@code keys}: the events that follow a parked one in its aggregate.
   */
  public static List<ConsumerRecord<byte[], byte[]>> following(KafkaSettings kafka, TopicPartition partition, long from,
      Set<ByteBuffer> keys) {
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
        kafka.client(Map.of(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false, ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed")),
        new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.assign(List.of(partition));
      consumer.seek(partition, from);
      List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
      readToEnd(consumer, List.of(partition), record -> {
        if (keys.contains(key(record))) {
          records.add(record);
        }
      });
      return records;
    }
  }

  /** A record's key, as {@link #following} compares keys: no key is an empty one. */
  public static ByteBuffer key(ConsumerRecord<byte[], byte[]> record) {
    return ByteBuffer.wrap(record.key() == null ? new byte[0] : record.key());
  }

  /**
   * Polls the assigned {@code partitions} up to their end offsets as they are now, each record
   * before them to {@code each}.
   *
   * @throws IllegalStateException if no record comes for {@link #READ_TIMEOUT} while some are left
   */
  private static void readToEnd(KafkaConsumer<byte[], byte[]> consumer, List<TopicPartition> partitions,
      java.util.function.Consumer<ConsumerRecord<byte[], byte[]>> each) {
    Map<TopicPartition, Long> end = consumer.endOffsets(partitions, READ_TIMEOUT);
    long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
    while (partitions.stream().anyMatch(p -> consumer.position(p, READ_TIMEOUT) < end.get(p))) {
      var polled = consumer.poll(Duration.ofMillis(500));
      if (!polled.isEmpty()) {
        deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
      } else if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "Could not read " + partitions + " to its end: no record for " + READ_TIMEOUT.toMinutes() + " minutes");
      }
      polled.forEach(record -> {
        if (record.offset() < end.get(new TopicPartition(record.topic(), record.partition()))) {
          each.accept(record);
        }
      });
    }
  }

  private static Parked parked(ConsumerRecord<byte[], byte[]> record, String plannedViewSet) {
    return new Parked(new Place(record.partition(), record.offset()), header(record, DeadLetters.VIEW_SET).orElse(plannedViewSet),
        header(record, DeadLetters.TOPIC).orElse("?"), (int) number(record, DeadLetters.PARTITION), number(record, DeadLetters.OFFSET),
        header(record, DeadLetters.REASON).orElse(""), Instant.ofEpochMilli(record.timestamp()), record);
  }

  private static Optional<String> header(ConsumerRecord<byte[], byte[]> record, String name) {
    Header header = record.headers().lastHeader(name);
    return header == null ? Optional.empty() : Optional.of(new String(header.value(), StandardCharsets.UTF_8));
  }

  private static long number(ConsumerRecord<byte[], byte[]> record, String name) {
    try {
      return header(record, name).map(Long::parseLong).orElse(-1L);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
