package io.tablecast.views.domain.dashboard;

import java.time.Instant;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One point of the status page's charts.
 *
 * @param commandsPerSecond commands recorded per second since the previous point; empty for the first
 * @param queued messages waiting in the active generation's work queues
 * @param parked messages in its poison queues
 */
public record Sample(Instant at, OptionalDouble commandsPerSecond, TelemetrySummary telemetry, OptionalLong queued, OptionalLong parked) {}
