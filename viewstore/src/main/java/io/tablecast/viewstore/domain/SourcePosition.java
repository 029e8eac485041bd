package io.tablecast.viewstore.domain;

import java.util.Optional;

/**
 * Where an event was read: for dead-lettering, checkpoints, logs, and the work items it causes.
 *
 * @param traceparent the trace the event belongs to (W3C {@code traceparent} text), when tracing
 *     is on; null otherwise. It rides here so that the work items an event causes carry its trace
 *     to the workers (docs/work-items.md)
 */
public record SourcePosition(String topic, int partition, long offset, String traceparent) {

  public SourcePosition(String topic, int partition, long offset) {
    this(topic, partition, offset, null);
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
