package io.tablecast.commands.application;

import io.tablecast.common.kafka.ConsistencyToken;
import java.time.Instant;

/** Port: finds where an accepted command's event landed, to replay its answer with its token. */
public interface EventLocator {

  /**
   * @param departmentEvent whether the event is on the department topic (else the employee one)
   * @param notBefore the command's issue time; the event is at or after it
   */
  ConsistencyToken.EventPosition locate(boolean departmentEvent, String aggregateId, String commandId, Instant notBefore);
}
