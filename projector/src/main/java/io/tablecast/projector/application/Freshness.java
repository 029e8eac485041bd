package io.tablecast.projector.application;

import io.tablecast.events.DomainEvent;
import java.util.List;

/** Port: how long after its command was accepted each event became visible in a view table. */
public interface Freshness {

  Freshness NONE = (table, events) -> {};

  /** {@code events} have just been written to {@code table}. */
  void applied(String table, List<? extends DomainEvent> events);
}
