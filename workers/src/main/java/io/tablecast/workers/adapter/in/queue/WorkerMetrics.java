package io.tablecast.workers.adapter.in.queue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.tablecast.viewstore.domain.SourcePosition;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The queue workers' meters, per queue: items done and failed, messages parked, and {@code
 * tablecast_worker_index_freshness_seconds}, the time from an event's {@code occurredAt} to the
 * end of the work item it caused, once its last index entry is written. Items that carry no
 * {@code occurredAt} (re-queued after a crash, or written by an older projector) are not timed.
 */
final class WorkerMetrics {

  private final MeterRegistry registry;
  private final String queue;
  private final Counter parked;
  private final Timer freshness;
  private final Clock clock;

  WorkerMetrics(MeterRegistry registry, String queue, Clock clock) {
    this.registry = registry;
    this.queue = queue;
    this.clock = clock;
    this.parked = Counter.builder("tablecast.worker.parked").tag("queue", queue)
        .description("Messages moved to the poison queue").register(registry);
    this.freshness = Timer.builder("tablecast.worker.index.freshness").tag("queue", queue)
        .description("From an event's acceptance by the command processor to the end of its work item's index writes")
        .publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofMillis(1))
        .maximumExpectedValue(Duration.ofMinutes(5))
        .register(registry);
  }

  void done(List<WorkItem> items) {
    count(items, "done");
    long now = clock.millis();
    for (WorkItem item : items) {
      item.origin().flatMap(SourcePosition::occurred)
          .ifPresent(at -> freshness.record(Duration.ofMillis(Math.max(0, now - at.toEpochMilli()))));
    }
  }

  void failed(List<WorkItem> items, boolean permanent) {
    count(items, permanent ? "refused" : "deferred");
  }

  void parked() {
    parked.increment();
  }

  private void count(List<WorkItem> items, String outcome) {
    items.forEach(item -> Counter.builder("tablecast.worker.items").tag("queue", queue).tag("type", type(item)).tag("outcome", outcome)
        .description("Work items handled, by outcome").register(registry).increment());
  }

  private static String type(WorkItem item) {
    return item.getClass().getSimpleName();
  }
}
