package io.tablecast.views.application;

import io.tablecast.views.domain.dashboard.TelemetryReport;
import java.util.List;

/** Port: the telemetry rows that every projector and queue worker process writes, stale ones included. */
public interface TelemetrySource {

  List<TelemetryReport> reports();
}
