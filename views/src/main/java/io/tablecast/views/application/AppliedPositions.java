package io.tablecast.views.application;

import java.util.OptionalLong;

/**
 * Port: how far the views have applied the event log, as the read-your-writes watcher asks it.
 * Each method is one storage request.
 */
public interface AppliedPositions {

  /** The active generation's applied offset of every event-topic partition: one query of its checkpoint rows. */
  AppliedOffsets offsets();

  /** The version the views show for the aggregate (on the row its view set keeps it in); empty while they show none. */
  OptionalLong version(Aggregate aggregate);
}
