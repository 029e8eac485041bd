package io.tablecast.projector.adapter.in.kafka;

import io.tablecast.projector.application.PolledEvent;
import io.tablecast.projector.domain.SourcePosition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * One polled batch on its way through the consumer loop: the events to apply, the records to
 * park on the DLQ with their reasons, and the partitions to stop at a record (pause policy).
 * Not thread-safe; lives for one batch.
 */
final class PolledBatch {

  final List<PolledEvent> events = new ArrayList<>();
  final Map<SourcePosition, ConsumerRecord<byte[], byte[]>> records = new HashMap<>();
  final Map<ConsumerRecord<byte[], byte[]>, String> parked = new LinkedHashMap<>();
  final Map<TopicPartition, Long> stops = new HashMap<>();
  final Map<TopicPartition, String> stopReasons = new HashMap<>();

  void park(SourcePosition position, String reason) {
    parked.put(records.get(position), reason);
  }

  /** Stops the partition at this record, unless it already stops at an earlier one. */
  void stop(SourcePosition position, String reason) {
    TopicPartition partition = new TopicPartition(position.topic(), position.partition());
    if (position.offset() < stops.getOrDefault(partition, Long.MAX_VALUE)) {
      stops.put(partition, position.offset());
      stopReasons.put(partition, reason);
    }
  }
}
