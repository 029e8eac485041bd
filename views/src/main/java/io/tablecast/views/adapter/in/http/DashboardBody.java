package io.tablecast.views.adapter.in.http;

import io.tablecast.views.domain.PipelineStatus;
import io.tablecast.views.domain.dashboard.DashboardView;
import io.tablecast.views.domain.dashboard.ParkedMessage;
import io.tablecast.views.domain.PartitionState;
import io.tablecast.views.domain.dashboard.RebuildProgress;
import io.tablecast.views.domain.dashboard.Sample;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The body of {@code GET /status/dashboard}: what {@code /status} says (SPEC §9), and more. A
 * figure that is not known is {@code null}, which the page shows as "no data".
 */
record DashboardBody(
    Instant readAt, Responses.Status.Generations generation, Rebuild rebuild, long eventsApplied, boolean stalled,
    List<Partition> partitions, List<Queue> queues, Long deadLetters, long samplePeriodSeconds, List<Point> samples,
    List<Responses.Status.ViewSetEntry> viewSets) {

  record Rebuild(int generation, long applied, long end, int percent, List<RebuildProgress.PartitionLoad> partitions) {}

  record Partition(String topic, int partition, long lag, Instant lastProgressAt, String condition, String reason) {}

  record Queue(String name, long depth, long poisonDepth, Parked oldestParked) {}

  record Parked(String messageId, String reason, Instant parkedAt, String requeueCommand) {}

  /** One chart point; rates per second, freshness in milliseconds. */
  record Point(Instant at, Double commandsPerSecond, Double eventsAppliedPerSecond, Double viewFreshnessP50Ms,
      Double viewFreshnessP99Ms, Double itemsDonePerSecond, Double indexFreshnessP50Ms, Double indexFreshnessP99Ms,
      Long queued, Long parked) {

    static Point of(Sample s) {
      var t = s.telemetry();
      return new Point(s.at(), value(s.commandsPerSecond()), value(t.eventsAppliedPerSecond()), value(t.viewFreshnessP50Ms()),
          value(t.viewFreshnessP99Ms()), value(t.itemsDonePerSecond()), value(t.indexFreshnessP50Ms()),
          value(t.indexFreshnessP99Ms()), value(s.queued()), value(s.parked()));
    }
  }

  static DashboardBody of(DashboardView view, long samplePeriodSeconds) {
    PipelineStatus s = view.status();
    return new DashboardBody(view.readAt(), Responses.Status.of(s).generation(),
        view.rebuild().map(DashboardBody::rebuild).orElse(null), view.eventsApplied(), s.stalled(),
        view.partitions().stream().map(DashboardBody::partition).toList(),
        s.queues().stream().map(q -> new Queue(q.name(), q.depth(), q.poisonDepth(), parked(view.oldestParked().get(q.name())))).toList(),
        s.deadLetters().orElse(null), samplePeriodSeconds, view.samples().stream().map(Point::of).toList(),
        s.viewSets().stream().map(Responses.Status.ViewSetEntry::of).toList());
  }

  private static Rebuild rebuild(RebuildProgress r) {
    return new Rebuild(r.generation(), r.applied(), r.end(), r.percent(), r.partitions());
  }

  private static Partition partition(PartitionState p) {
    return new Partition(p.topic(), p.partition(), p.lag(), p.lastProgressAt(), p.condition().name().toLowerCase(java.util.Locale.ROOT),
        p.reason());
  }

  private static Parked parked(ParkedMessage m) {
    return m == null ? null : new Parked(m.messageId(), m.reason(), m.parkedAt(), m.requeueCommand());
  }

  private static Double value(OptionalDouble d) {
    return d.isPresent() ? d.getAsDouble() : null;
  }

  private static Long value(OptionalLong l) {
    return l.isPresent() ? l.getAsLong() : null;
  }
}
