package io.tablecast.projection;

import java.util.Map;

/**
 * Turns the value of a Kafka record into a projection's event.
 *
 * @param <E> the events
 */
@FunctionalInterface
public interface EventDecoder<E> {

  /**
   * @param topic the topic's name without the namespace, as {@link ProjectedViewSet#topics()} names it
   * @throws RuntimeException for a value that is not an event: the engine applies its failure
   *     policy to the record (SPEC §7), it never skips one silently
   */
  E decode(String topic, byte[] value);

  /**
   * As {@link #decode(String, byte[])}, with the record's headers (the last value of each name),
   * which a decoder may check against the value. The engine calls this one; by default it ignores
   * the headers.
   */
  default E decode(String topic, Map<String, byte[]> headers, byte[] value) {
    return decode(topic, value);
  }
}
