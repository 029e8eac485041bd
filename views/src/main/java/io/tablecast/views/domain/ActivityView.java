package io.tablecast.views.domain;

import java.time.Instant;

/**
 * One entry of an employee's log tail (SPEC §9).
 *
 * @param actor who caused the event: its command's token subject, or {@code anonymous}
 */
public record ActivityView(String eventType, Instant occurredAt, long version, String summary, String actor) {}
