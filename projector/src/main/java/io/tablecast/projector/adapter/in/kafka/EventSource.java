package io.tablecast.projector.adapter.in.kafka;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.RecordHeaders;
import io.tablecast.projection.EventDecoder;
import io.tablecast.projection.PlannedViewSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What the projector's consumer reads, and how: the view set's topics within the namespace, how
 * their records decode, and which events' work must wait for their batch's in-flight mark.
 *
 * @param topics each topic's full name, to its name without the namespace (the decoder's)
 * @param movesRows see {@link io.tablecast.projection.LivePlan#movesRows()}
 * @param <E> the view set's events
 */
public record EventSource<E>(Map<String, String> topics, EventDecoder<E> decoder, Predicate<E> movesRows) {

  public EventSource {
    topics = Map.copyOf(topics);
  }

  public static <E> EventSource<E> of(Namespace namespace, PlannedViewSet<E> planned) {
    Map<String, String> topics = new LinkedHashMap<>();
    planned.views().topics().forEach(topic -> topics.put(namespace.topic(topic), topic));
    return new EventSource<>(topics, planned.views().decoder(), planned.live().movesRows());
  }

  /**
   * The record's event; null for a record with no value.
   *
   * @throws RuntimeException for a record that is not an event
   */
  public E decode(ConsumerRecord<byte[], byte[]> record) {
    return record.value() == null ? null
        : decoder.decode(topics.get(record.topic()), RecordHeaders.lastValues(record.headers()), record.value());
  }
}
