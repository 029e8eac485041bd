package io.tablecast.viewstore.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * Where an event was read: for dead-lettering, checkpoints, logs, and the work items it causes.
 *
 * @param occurredAt when the event's command was accepted, carried by work items so that a worker
 *     can tell how long the event took to reach the indexes; {@code null} where it does not matter
 * @param traceparent the trace the event belongs to (W3C {@code traceparent} text), when tracing
 *     is on; null otherwise. It rides here so that the work items an event causes carry its trace
 *     to the workers (docs/work-items.md)
 */
public record SourcePosition(String topic, int partition, long offset, Instant occurredAt, String traceparent) {

  public SourcePosition(String topic, int partition, long offset) {
    this(topic, partition, offset, null, null);
  }

  public SourcePosition(String topic, int partition, long offset, String traceparent) {
    this(topic, partition, offset, null, traceparent);
  }

  /** The same position, with the time its event occurred. */
  public SourcePosition at(Instant occurredAt) {
    return new SourcePosition(topic, partition, offset, occurredAt, traceparent);
  }

  /** {@link #occurredAt()}, if known. */
  public Optional<Instant> occurred() {
    return Optional.ofNullable(occurredAt);
  }

  /** {@link #traceparent()}, if any. */
  public Optional<String> trace() {
    return Optional.ofNullable(traceparent);
  }

  @Override
  public String toString() {
    return topic + "-" + partition + "@" + offset;
  }
}
