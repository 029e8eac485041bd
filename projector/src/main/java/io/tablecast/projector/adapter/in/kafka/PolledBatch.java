package io.tablecast.projector.adapter.in.kafka;

import io.tablecast.common.tracing.TraceHeaders;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projector.application.Checkpoint;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PolledEvent;
import io.tablecast.viewstore.domain.SourcePosition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One polled batch on its way through the consumer loop: the events to apply, the records to
 * park on the DLQ with their reasons, and the partitions to stop at a record (pause policy).
 * Not thread-safe; lives for one batch.
 */
final class PolledBatch<E> {

  private static final Logger log = LoggerFactory.getLogger(PolledBatch.class);

  final List<PolledEvent<E>> events = new ArrayList<>();
  final Map<SourcePosition, ConsumerRecord<byte[], byte[]>> records = new HashMap<>();
  final Map<ConsumerRecord<byte[], byte[]>, String> parked = new LinkedHashMap<>();
  final Map<TopicPartition, Long> stops = new HashMap<>();
  final Map<TopicPartition, String> stopReasons = new HashMap<>();
  /** Per partition, the last offset polled. */
  final Map<TopicPartition, Long> last = new HashMap<>();

  /**
   * Decodes the records not yet applied; an undecodable one is parked or stops its partition, by policy.
   *
   * @param windows each partition's checkpoint: what is applied, and what may be in part
   * @param tracing when on, each event's position carries the trace its record names
   */
  static <E> PolledBatch<E> decode(ConsumerRecords<byte[], byte[]> polled, Function<TopicPartition, Checkpoint> windows,
      EventSource<E> source, FailurePolicy policy, Tracing tracing) {
    PolledBatch<E> batch = new PolledBatch<>();
    for (TopicPartition partition : polled.partitions()) {
      Checkpoint window = windows.apply(partition);
      for (ConsumerRecord<byte[], byte[]> record : polled.records(partition)) {
        batch.last.put(partition, record.offset());
        if (!window.isApplied(record.offset()) && !batch.stops.containsKey(partition)) {
          batch.add(record, window, source, policy, tracing);
        }
      }
    }
    return batch;
  }

  private void add(ConsumerRecord<byte[], byte[]> record, Checkpoint window, EventSource<E> source, FailurePolicy policy, Tracing tracing) {
    SourcePosition position = position(record, tracing);
    records.put(position, record);
    try {
      E event = source.decode(record);
      if (event != null) {
        events.add(new PolledEvent<>(event, position, window.isUncertain(record.offset())));
      }
    } catch (RuntimeException e) {
      String reason = e.getMessage() == null ? e.toString() : e.getMessage();
      log.warn("Record {} cannot be decoded: {}", position, reason);
      if (policy == FailurePolicy.PAUSE) {
        stop(position, reason);
      } else {
        park(position, reason);
      }
    }
  }

  /** Per partition, the last offset this batch settles: its last record, or the one before a stop. */
  Map<TopicPartition, Long> upTo() {
    Map<TopicPartition, Long> upTo = new HashMap<>(last);
    stops.forEach((partition, offset) -> upTo.put(partition, offset - 1));
    return upTo;
  }

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

  private static SourcePosition position(ConsumerRecord<?, ?> record, Tracing tracing) {
    String traceparent = tracing.on() ? Tracing.traceparent(TraceHeaders.extract(tracing, record.headers())).orElse(null) : null;
    return new SourcePosition(record.topic(), record.partition(), record.offset(), Instant.ofEpochMilli(record.timestamp()), traceparent);
  }
}
