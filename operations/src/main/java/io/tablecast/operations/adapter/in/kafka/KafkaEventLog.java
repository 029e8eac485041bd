package io.tablecast.operations.adapter.in.kafka;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.RecordHeaders;
import io.tablecast.operations.application.audit.EventLog;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projector.application.PartitionRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A view set's event topics read from the beginning for {@code verify} and a rebuild, decoded by
 * the view set's decoder, with no consumer group (nothing is committed, no other reader is disturbed). Reads committed records only, like the
 * projector, up to the end offsets (the last stable offsets) taken at the start, so it ends
 * while commands keep arriving. A record that cannot be decoded is logged and handed to the sink,
 * which says whether its partition is read on (the projector dead-letters it, so no view holds it
 * either) or ends there (a projector that pauses on failure stops there).
 *
 * @param <E> the view set's events
 */
public final class KafkaEventLog<E> implements EventLog<E> {

  private static final Logger log = LoggerFactory.getLogger(KafkaEventLog.class);
  private static final Duration POLL = Duration.ofMillis(500);

  private final KafkaSettings kafka;
  private final ProjectedViewSet<E> views;
  /** The topics' names in the namespace, and as the view set names them. */
  private final Map<String, String> topics = new HashMap<>();

  public KafkaEventLog(KafkaSettings kafka, Namespace namespace, ProjectedViewSet<E> views) {
    this.kafka = kafka;
    this.views = views;
    views.topics().forEach(topic -> topics.put(namespace.topic(topic), topic));
  }

  @Override
  public long readAll(Sink<E> sink) {
    return read(Optional.empty(), sink);
  }

  /** The log's end now: per partition, the offset after its last committed record (the last stable offset). */
  public Map<PartitionRef, Long> endOffsets() {
    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      Map<PartitionRef, Long> end = new TreeMap<>(Comparator.comparing(PartitionRef::topic).thenComparingInt(PartitionRef::partition));
      consumer.endOffsets(partitions(consumer)).forEach((p, offset) -> end.put(new PartitionRef(p.topic(), p.partition()), offset));
      return end;
    }
  }

  /** As {@link #readAll}, up to {@code end} (exclusive) instead of the end at the start: the same records each time. */
  public long readUpTo(Map<PartitionRef, Long> end, Sink<E> sink) {
    return read(Optional.of(end), sink);
  }

  private long read(Optional<Map<PartitionRef, Long>> until, Sink<E> sink) {
    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      List<TopicPartition> partitions = partitions(consumer);
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = until
          .map(offsets -> partitions.stream().collect(Collectors.toMap(p -> p,
              p -> offsets.getOrDefault(new PartitionRef(p.topic(), p.partition()), 0L))))
          .orElseGet(() -> consumer.endOffsets(partitions));
      return readUntil(consumer, end, sink);
    }
  }

  private KafkaConsumer<byte[], byte[]> consumer() {
    return groupless(kafka);
  }

  /** A consumer of committed records in no group: it commits nothing and disturbs no other reader. */
  public static KafkaConsumer<byte[], byte[]> groupless(KafkaSettings kafka) {
    return new KafkaConsumer<>(kafka.client(Map.of(
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2_000)), new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  private List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> consumer) {
    List<TopicPartition> partitions = new ArrayList<>();
    topics.keySet().stream().sorted()
        .forEach(topic -> consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(topic, p.partition()))));
    return partitions;
  }

  private long readUntil(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> end, Sink<E> sink) {
    Set<TopicPartition> reading = new HashSet<>(end.keySet());
    long read = 0;
    while (!reading.isEmpty()) {
      for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        if (!reading.contains(partition) || record.offset() >= end.get(partition)) {
          continue;
        }
        Decoded decoded = decode(record, sink);
        if (decoded == Decoded.EVENT) {
          read++;
        } else if (decoded == Decoded.STOP) {
          consumer.pause(List.of(partition));
          reading.remove(partition);
        }
      }
      // A partition is done once its position passes the snapshot (transaction markers included).
      List<TopicPartition> done = reading.stream().filter(p -> consumer.position(p) >= end.get(p)).toList();
      consumer.pause(done);
      done.forEach(reading::remove);
    }
    return read;
  }

  private enum Decoded { EVENT, SKIPPED, STOP }

  /** A record without a value is no event; one the view set's decoder refuses is undecodable. */
  private Decoded decode(ConsumerRecord<byte[], byte[]> record, Sink<E> sink) {
    E event;
    try {
      event = record.value() == null ? null
          : views.decoder().decode(topics.get(record.topic()), RecordHeaders.lastValues(record.headers()), record.value());
    } catch (RuntimeException e) {
      log.warn("Record {}-{}@{} cannot be decoded: {}", record.topic(), record.partition(), record.offset(), e.getMessage());
      return sink.undecodable(new PartitionRef(record.topic(), record.partition()), record.offset(), e.getMessage())
          ? Decoded.SKIPPED
          : Decoded.STOP;
    }
    if (event == null) {
      return Decoded.SKIPPED;
    }
    sink.event(event, record.offset());
    return Decoded.EVENT;
  }
}
