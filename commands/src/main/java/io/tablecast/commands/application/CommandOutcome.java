package io.tablecast.commands.application;

import io.tablecast.commands.domain.Rejection;
import io.tablecast.common.kafka.ConsistencyToken;

/** What became of a submitted command, as the HTTP layer reports it. */
public sealed interface CommandOutcome {

  String commandId();

  /** An event was recorded at {@code token}. */
  record Accepted(String commandId, String aggregateId, long version, ConsistencyToken token)
      implements CommandOutcome {}

  record Rejected(String commandId, String aggregateId, Rejection rejection) implements CommandOutcome {}
}
