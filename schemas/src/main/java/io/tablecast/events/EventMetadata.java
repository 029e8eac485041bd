package io.tablecast.events;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * The envelope every event carries (SPEC §2).
 *
 * @param eventId unique id of the event; stable when a command is reprocessed
 * @param commandId the command that caused it
 * @param aggregateId canonical id of the aggregate (department id, or 8-digit employee id)
 * @param aggregateVersion 1, 2, 3, … per aggregate, with no gaps
 * @param occurredAt when the command processor accepted the command, millisecond precision
 * @param actor who sent the command; {@link Actor#ANONYMOUS} for events written before actors
 *     were recorded (schema version 1)
 */
public record EventMetadata(
    UUID eventId, String commandId, String aggregateId, long aggregateVersion, Instant occurredAt, Actor actor) {

  public EventMetadata {
    Objects.requireNonNull(eventId, "'eventId' cannot be null.");
    Objects.requireNonNull(commandId, "'commandId' cannot be null.");
    Objects.requireNonNull(aggregateId, "'aggregateId' cannot be null.");
    Objects.requireNonNull(occurredAt, "'occurredAt' cannot be null.");
    Objects.requireNonNull(actor, "'actor' cannot be null.");
    if (aggregateVersion < 1) {
      throw new IllegalArgumentException("'aggregateVersion' must be at least 1, was " + aggregateVersion);
    }
    occurredAt = Instant.ofEpochMilli(occurredAt.toEpochMilli());
  }

  /**
   * Metadata of an event by {@link Actor#ANONYMOUS}: what an event written before actors were
   * recorded decodes to, and what a history generated for a test carries.
   */
  public EventMetadata(UUID eventId, String commandId, String aggregateId, long aggregateVersion, Instant occurredAt) {
    this(eventId, commandId, aggregateId, aggregateVersion, occurredAt, Actor.ANONYMOUS);
  }
}
