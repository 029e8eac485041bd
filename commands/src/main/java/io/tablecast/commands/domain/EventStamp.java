package io.tablecast.commands.domain;

import io.tablecast.events.Actor;
import io.tablecast.events.EventMetadata;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * What the command processor knows when it decides: the command id, who sent the command and the
 * time. Event ids are derived from the command, the aggregate and the version, so reprocessing the
 * same command after an aborted transaction yields the same event id.
 */
public record EventStamp(String commandId, Actor actor, Instant occurredAt) {

  public EventMetadata metadata(String aggregateId, long version) {
    UUID eventId =
        UUID.nameUUIDFromBytes(
            (commandId + "|" + aggregateId + "|" + version).getBytes(StandardCharsets.UTF_8));
    return new EventMetadata(eventId, commandId, aggregateId, version, occurredAt, actor);
  }
}
