package io.tablecast.operations.viewsets;

import io.tablecast.common.kafka.RecordHeaders;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.operations.adapter.in.kafka.KafkaEventLog;
import io.tablecast.projection.ProjectedViewSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * A view set's topics read from the beginning up to given offsets, decoded, in batches; with no
 * consumer group, so nothing is committed and no live reader is disturbed. A record that does not
 * decode ends its partition there, as the live projector pauses there.
 *
 * @param <E> the view set's events
 */
final class ViewSetLog<E> {

  static final int BATCH = 5_000;
  private static final Duration POLL = Duration.ofMillis(500);

  private final KafkaSettings kafka;
  private final ProjectedViewSet<E> views;
  private final Map<String, String> topicNames = new HashMap<>();

  ViewSetLog(KafkaSettings kafka, Namespace namespace, ProjectedViewSet<E> views) {
    this.kafka = kafka;
    this.views = views;
    views.topics().forEach(topic -> topicNames.put(namespace.topic(topic), topic));
  }

  /** Per partition of the view set's topics, the offset after its last committed record now. */
  Map<TopicPartition, Long> endOffsets() {
    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      return consumer.endOffsets(partitions(consumer));
    }
  }

  /**
   * Reads every record below {@code end}, handing the events on in batches of up to {@value #BATCH}.
   *
   * @return per partition, the offset after the last record applied: {@code end}, or the record that did not decode
   */
  Map<TopicPartition, Long> read(Map<TopicPartition, Long> end, Consumer<List<E>> batches) {
    Map<TopicPartition, Long> reached = new HashMap<>();
    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      List<TopicPartition> pending = new ArrayList<>(end.keySet().stream().filter(p -> end.get(p) > 0).toList());
      consumer.assign(pending);
      consumer.seekToBeginning(pending);
      end.forEach((partition, offset) -> reached.put(partition, 0L));
      List<E> batch = new ArrayList<>();
      while (!pending.isEmpty()) {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
          TopicPartition partition = new TopicPartition(record.topic(), record.partition());
          if (!pending.contains(partition) || record.offset() >= end.get(partition)) {
            continue;
          }
          try {
            batch.add(views.decoder().decode(topicNames.get(record.topic()), RecordHeaders.lastValues(record.headers()), record.value()));
            reached.put(partition, record.offset() + 1);
          } catch (RuntimeException e) {
            pending.remove(partition);
            consumer.pause(List.of(partition));
            continue;
          }
          if (batch.size() == BATCH) {
            batches.accept(batch);
            batch = new ArrayList<>();
          }
        }
        pending.removeIf(partition -> consumer.position(partition) >= end.get(partition));
      }
      if (!batch.isEmpty()) {
        batches.accept(batch);
      }
    }
    return reached;
  }

  private List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> consumer) {
    List<TopicPartition> partitions = new ArrayList<>();
    for (String topic : topicNames.keySet()) {
      consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
    }
    return partitions;
  }

  private KafkaConsumer<byte[], byte[]> consumer() {
    return KafkaEventLog.groupless(kafka);
  }
}
