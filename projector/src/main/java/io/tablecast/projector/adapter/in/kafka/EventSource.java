package io.tablecast.projector.adapter.in.kafka;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.RecordHeaders;
import io.tablecast.projection.EventDecoder;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projection.ProjectedViewSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What a view set's consumer reads, and how: the view set's topics within the namespace, how
 * their records decode, and which events' work must wait for their batch's in-flight mark. A
 * record with no value (a tombstone) is no event, and is passed over, for every view set.
 *
 * @param topics each topic's full name, to its name without the namespace (the decoder's)
 * @param movesRows see {@link io.tablecast.projection.LivePlan#movesRows()}
 * @param <E> the view set's events
 */
public record EventSource<E>(Map<String, String> topics, EventDecoder<E> decoder, Predicate<E> movesRows) {

  public EventSource {
    topics = Map.copyOf(topics);
  }

  /** The planned view set's, whose plan says which events move rows. */
  public static <E> EventSource<E> of(Namespace namespace, PlannedViewSet<E> planned) {
    return of(namespace, planned.views(), planned.live().movesRows());
  }

  /** A team's view set's: no event of it waits for an in-flight mark. */
  public static <E> EventSource<E> of(Namespace namespace, ProjectedViewSet<E> views) {
    return of(namespace, views, event -> false);
  }

  private static <E> EventSource<E> of(Namespace namespace, ProjectedViewSet<E> views, Predicate<E> movesRows) {
    Map<String, String> topics = new LinkedHashMap<>();
    views.topics().forEach(topic -> topics.put(namespace.topic(topic), topic));
    return new EventSource<>(topics, views.decoder(), movesRows);
  }

  /**
   * The record's event; null for a record with no value.
   *
   * @throws IllegalArgumentException for a record of a topic the view set does not read
   * @throws RuntimeException for a record that is not an event
   */
  public E decode(ConsumerRecord<byte[], byte[]> record) {
    String topic = topics.get(record.topic());
    if (topic == null) {
      throw new IllegalArgumentException("the view set does not read " + record.topic());
    }
    return record.value() == null ? null : decoder.decode(topic, RecordHeaders.lastValues(record.headers()), record.value());
  }
}
