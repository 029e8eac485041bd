package io.tablecast.projector.application;

import io.tablecast.events.DomainEvent;
import java.util.List;

/** Port: applies a run of events to one partition of a view table, atomically per EGT. */
public interface PartitionStore {

  /**
   * Applies {@code events}, in order, to partition {@code partitionKey}. Returns once every event
   * is reflected in the table (or was already); safe to call again with the same events.
   */
  void apply(String partitionKey, List<DomainEvent> events);
}
