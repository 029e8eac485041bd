package io.tablecast.commands.application;

import io.tablecast.commands.domain.Rejection;
import io.tablecast.common.kafka.ConsistencyToken;

/** What became of a command, as the HTTP layer reports it. */
public sealed interface CommandOutcome {

  String commandId();

  String aggregateId();

  /** An event was recorded at {@code version}. */
  record Accepted(String commandId, String aggregateId, long version, ConsistencyToken token) implements CommandOutcome {}

  /** Nothing changed; the aggregate is at {@code version}. */
  record Unchanged(String commandId, String aggregateId, long version, ConsistencyToken token) implements CommandOutcome {}

  record Rejected(String commandId, String aggregateId, Rejection rejection) implements CommandOutcome {}
}
