package io.tablecast.operations.application.audit;

import io.tablecast.projector.application.PartitionRef;

/**
 * Port: a view set's event log as {@code verify} and a rebuild read it, its topics from the
 * beginning. Committed records only, up to the end offsets taken when the read starts, so the
 * read ends even while events keep arriving.
 *
 * @param <E> the view set's events
 */
public interface EventLog<E> {

  /** Receives each event with its offset in its partition. */
  interface Sink<E> {
    void event(E event, long offset);

    /**
     * A record that cannot be decoded; skipped. Returns whether to read on in its partition: false
     * ends that partition's read here, as a projector that pauses on failure stops there.
     */
    default boolean undecodable(PartitionRef partition, long offset, String reason) {
      return true;
    }
  }

  /** Hands every event over, partition by partition in offset order; returns how many. */
  long readAll(Sink<E> sink);
}
