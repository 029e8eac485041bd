package io.tablecast.views.domain.dashboard;

import io.tablecast.views.domain.dashboard.TelemetryReport.Role;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The pipeline's throughput and freshness, over the processes that reported recently: rates are
 * summed (each process did its own share), and of the percentiles the worst is kept, since a
 * status page must show the slowest part, not an average that hides it. Every figure is empty
 * when no fresh report carries it: "no data", never a zero that reads as "idle". A report is fresh
 * for a number of its own windows: a quiet process writes a report with a long window, and no other
 * until that window is over or it has something to count.
 */
public record TelemetrySummary(
    int processes,
    OptionalDouble eventsAppliedPerSecond, OptionalDouble viewFreshnessP50Ms, OptionalDouble viewFreshnessP99Ms,
    OptionalDouble itemsDonePerSecond, OptionalDouble indexFreshnessP50Ms, OptionalDouble indexFreshnessP99Ms) {

  public static final TelemetrySummary NONE = of(List.of(), Instant.EPOCH, 1);

  /**
   * @param staleAfterWindows a report older than this many of its windows belongs to a process
   *     that stopped, and is ignored
   */
  public static TelemetrySummary of(List<TelemetryReport> reports, Instant now, int staleAfterWindows) {
    List<TelemetryReport> fresh = reports.stream()
        .filter(r -> !r.reportedAt().isBefore(now.minus(Duration.ofSeconds((long) r.window() * staleAfterWindows)))).toList();
    List<TelemetryReport> projectors = fresh.stream().filter(r -> r.role() == Role.PROJECTOR).toList();
    List<TelemetryReport> workers = fresh.stream().filter(r -> r.role() == Role.WORKER).toList();
    return new TelemetrySummary(fresh.size(),
        rate(projectors, TelemetryReport::eventsApplied), worst(projectors, TelemetryReport::viewFreshnessP50Ms),
        worst(projectors, TelemetryReport::viewFreshnessP99Ms),
        rate(workers, TelemetryReport::itemsDone), worst(workers, TelemetryReport::indexFreshnessP50Ms),
        worst(workers, TelemetryReport::indexFreshnessP99Ms));
  }

  private static OptionalDouble rate(List<TelemetryReport> reports, ToLongFunction<TelemetryReport> count) {
    if (reports.isEmpty()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(reports.stream().mapToDouble(r -> (double) count.applyAsLong(r) / r.window()).sum());
  }

  private static OptionalDouble worst(List<TelemetryReport> reports, Function<TelemetryReport, OptionalDouble> value) {
    return reports.stream().map(value).filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).max();
  }
}
