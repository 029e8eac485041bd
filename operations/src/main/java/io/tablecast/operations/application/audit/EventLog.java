package io.tablecast.operations.application.audit;

import io.tablecast.events.DomainEvent;
import io.tablecast.projector.application.PartitionRef;

/**
 * Port: the event log as {@code verify} reads it, both event topics from the beginning.
 * Committed records only, up to the end offsets taken when the read starts, so the read ends
 * even while commands keep arriving.
 */
public interface EventLog {

  /** Receives each event with its offset in its partition. */
  interface Sink {
    void event(DomainEvent event, long offset);

    /**
     * A record that cannot be decoded; skipped. Returns whether to read on in its partition: false
     * ends that partition's read here, as a projector that pauses on failure stops there.
     */
    default boolean undecodable(PartitionRef partition, long offset, String reason) {
      return true;
    }
  }

  /** Hands every event over, partition by partition in offset order; returns how many. */
  long readAll(Sink sink);
}
