package io.tablecast.projector.application.audit;

import io.tablecast.events.DomainEvent;

/**
 * Port: the event log as {@code verify} reads it, both event topics from the beginning.
 * Committed records only, up to the end offsets taken when the read starts, so the read ends
 * even while commands keep arriving.
 */
public interface EventLog {

  /** Receives each event with its offset in its partition. */
  interface Sink {
    void event(DomainEvent event, long offset);
  }

  /** Hands every event over, partition by partition in offset order; returns how many. */
  long readAll(Sink sink);
}
