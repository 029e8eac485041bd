package io.tablecast.viewstore.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * Where an event was read: for dead-lettering, checkpoints, logs, and the work items it causes.
 *
 * @param occurredAt when the event's command was accepted, carried by work items so that a worker
 *     can tell how long the event took to reach the indexes; {@code null} where it does not matter
 */
public record SourcePosition(String topic, int partition, long offset, Instant occurredAt) {

  public SourcePosition(String topic, int partition, long offset) {
    this(topic, partition, offset, null);
  }

  /** The same position, with the time its event occurred. */
  public SourcePosition at(Instant occurredAt) {
    return new SourcePosition(topic, partition, offset, occurredAt);
  }

  /** {@link #occurredAt()}, if known. */
  public Optional<Instant> occurred() {
    return Optional.ofNullable(occurredAt);
  }

  @Override
  public String toString() {
    return topic + "-" + partition + "@" + offset;
  }
}
