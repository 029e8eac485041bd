package io.tablecast.views.domain.dashboard;

import java.time.Instant;
import java.util.OptionalDouble;

/**
 * One process's telemetry row: what a projector or a queue worker did in its last window. The
 * projector reports events applied and view freshness, a worker items done and index freshness;
 * the other fields stay zero or empty.
 *
 * @param window the window's length in seconds
 */
public record TelemetryReport(
    Role role, String instanceId, Instant reportedAt, int window,
    long eventsApplied, OptionalDouble viewFreshnessP50Ms, OptionalDouble viewFreshnessP99Ms,
    long itemsDone, OptionalDouble indexFreshnessP50Ms, OptionalDouble indexFreshnessP99Ms) {

  public enum Role { PROJECTOR, WORKER }

  public TelemetryReport {
    if (window < 1) {
      throw new IllegalArgumentException("'window' must be at least 1 second, was " + window);
    }
  }
}
