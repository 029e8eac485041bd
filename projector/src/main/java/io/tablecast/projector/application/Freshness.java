package io.tablecast.projector.application;

import java.time.Instant;
import java.util.List;

/** Port: how long after its record was written each event became visible in a view table. */
public interface Freshness {

  Freshness NONE = (table, written) -> {};

  /** Events whose records were written at {@code written} have just been written to {@code table}. */
  void applied(String table, List<Instant> written);
}
