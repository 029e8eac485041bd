package io.tablecast.viewstore.domain;

/** Where an event was read: for dead-lettering, checkpoints, logs, and the work items it causes. */
public record SourcePosition(String topic, int partition, long offset) {

  @Override
  public String toString() {
    return topic + "-" + partition + "@" + offset;
  }
}
