package io.tablecast.projector.application;

/** Where an event was read: for dead-lettering, checkpoints and logs. */
public record SourcePosition(String topic, int partition, long offset) {

  @Override
  public String toString() {
    return topic + "-" + partition + "@" + offset;
  }
}
