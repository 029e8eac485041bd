package io.tablecast.views.domain;

import java.time.Instant;

/** One entry of an employee's log tail (SPEC §9). */
public record ActivityView(String eventType, Instant occurredAt, long version, String summary) {}
