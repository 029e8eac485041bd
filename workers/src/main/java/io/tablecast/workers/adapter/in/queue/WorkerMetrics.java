package io.tablecast.workers.adapter.in.queue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.List;

/** The queue workers' counters, per queue: items done and failed, messages parked. */
final class WorkerMetrics {

  private final MeterRegistry registry;
  private final String queue;
  private final Counter parked;

  WorkerMetrics(MeterRegistry registry, String queue) {
    this.registry = registry;
    this.queue = queue;
    this.parked = Counter.builder("tablecast.worker.parked").tag("queue", queue)
        .description("Messages moved to the poison queue").register(registry);
  }

  void done(List<WorkItem> items) {
    count(items, "done");
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
