package io.tablecast.viewstore.adapter.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The meters of a team's view set, each tagged {@code view_set} (Prometheus: {@code
 * tablecast_viewset_*}), apart from HR's {@code tablecast_projector_*}, whose tags differ:
 *
 * <ul>
 *   <li>{@code tablecast_viewset_lag{view_set,topic,partition}}: records not yet applied, as of the
 *       last batch or heartbeat; {@code tablecast_viewset_paused{...}}: 1 while the partition is
 *       paused by a record it cannot apply;
 *   <li>{@code tablecast_viewset_events_applied_total{view_set}}, {@code
 *       tablecast_viewset_work_items_total{view_set}} and {@code
 *       tablecast_viewset_dead_lettered_total{view_set}}: events folded, work items asked for (an
 *       item asked for twice in one batch is queued once), records parked on the dead-letter topic;
 *   <li>{@code tablecast_viewset_freshness_seconds{view_set,projection}}: from each event's record
 *       timestamp to the write of its rows by that projection, a histogram (clocks of different
 *       machines skew it; a negative time counts as zero);
 *   <li>{@code tablecast_viewset_step_items_total{view_set,step,outcome}}: items worked ({@code
 *       done}) or whose message failed an attempt ({@code failed}); {@code
 *       tablecast_viewset_step_parked_total{view_set,step}}: messages parked.
 * </ul>
 *
 * Thread-safe: the projector's loop, its lanes and the steps' workers share it.
 */
public final class ViewSetMetrics {

  private record Partition(String topic, int partition) {}

  private final MeterRegistry registry;
  private final String viewSet;
  private final Counter applied;
  private final Counter workItems;
  private final Counter deadLettered;
  private final Map<String, Timer> freshness = new ConcurrentHashMap<>();
  private final Map<String, Timer> stepFreshness = new ConcurrentHashMap<>();
  private final Map<Partition, List<Gauge>> gauges = new ConcurrentHashMap<>();
  private final Map<Partition, AtomicLong> lags = new ConcurrentHashMap<>();
  private final Map<Partition, AtomicLong> paused = new ConcurrentHashMap<>();

  public ViewSetMetrics(MeterRegistry registry, String viewSet) {
    this.registry = registry;
    this.viewSet = viewSet;
    this.applied = Counter.builder("tablecast.viewset.events.applied").description("Events folded").tag("view_set", viewSet)
        .register(registry);
    this.workItems = Counter.builder("tablecast.viewset.work.items").description("Work items queued for the steps")
        .tag("view_set", viewSet).register(registry);
    this.deadLettered = Counter.builder("tablecast.viewset.dead.lettered").description("Records parked on the dead-letter topic")
        .tag("view_set", viewSet).register(registry);
  }

  public void applied(int events, int items) {
    applied.increment(events);
    workItems.increment(items);
  }

  /**
   * A turn of {@code projection} wrote the rows of events whose records carry these timestamps
   * (milliseconds since the epoch, as their producer or the broker set them), at {@code nowMillis}.
   */
  public void written(String projection, List<Long> recordTimestamps, long nowMillis) {
    Timer timer = freshness.computeIfAbsent(projection, name -> freshnessTimer("tablecast.viewset.freshness",
        "From an event's record timestamp to the write of its rows by one projection", "projection", name));
    recordTimestamps.forEach(at -> timer.record(Duration.ofMillis(Math.max(0, nowMillis - at))));
  }

  public void deadLettered() {
    deadLettered.increment();
  }

  public void lag(String topic, int partition, long lag) {
    state(lags, topic, partition).set(lag);
  }

  public void paused(String topic, int partition, boolean isPaused) {
    state(paused, topic, partition).set(isPaused ? 1 : 0);
  }

  /** The partition went to another instance: its gauges go. */
  public void revoked(String topic, int partition) {
    Partition key = new Partition(topic, partition);
    gauges.getOrDefault(key, List.of()).forEach(registry::remove);
    gauges.remove(key);
    lags.remove(key);
    paused.remove(key);
  }

  /**
   * Items of a step worked, by outcome: {@code tablecast.viewset.step.items}, and {@code
   * tablecast.worker.items} by queue, which the workers' telemetry reports.
   */
  public void stepItems(String step, String queue, String outcome, int items) {
    Counter.builder("tablecast.viewset.step.items").description("Step items worked, by outcome")
        .tags("view_set", viewSet, "step", step, "outcome", outcome).register(registry).increment(items);
    Counter.builder("tablecast.worker.items").description("Work items handled, by outcome")
        .tags("view_set", viewSet, "queue", queue, "type", step, "outcome", outcome).register(registry).increment(items);
  }

  public void stepParked(String step, String queue) {
    Counter.builder("tablecast.viewset.step.parked").description("Step messages parked on the poison queue")
        .tags("view_set", viewSet, "step", step).register(registry).increment();
    Counter.builder("tablecast.worker.parked").description("Messages moved to the poison queue")
        .tags("view_set", viewSet, "queue", queue).register(registry).increment();
  }

  /**
   * {@code tablecast.worker.index.freshness}: from each done item's event ({@code occurred}, epoch
   * milliseconds; an item without one is not timed) to the end of its step's writes.
   */
  public void stepDone(String queue, List<Long> occurred, long nowMillis) {
    if (occurred.stream().allMatch(Objects::isNull)) {
      return;
    }
    Timer timer = stepFreshness.computeIfAbsent(queue, name -> freshnessTimer("tablecast.worker.index.freshness",
        "From an event's record to the end of the step item it asked for", "queue", name));
    occurred.stream().filter(Objects::nonNull).forEach(at -> timer.record(Duration.ofMillis(Math.max(0, nowMillis - at))));
  }

  /** A histogram of freshness, from a millisecond to five minutes, of one projection or queue of the view set. */
  private Timer freshnessTimer(String name, String description, String tag, String value) {
    return Timer.builder(name).description(description).tags("view_set", viewSet, tag, value)
        .publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofMillis(1))
        .maximumExpectedValue(Duration.ofMinutes(5))
        .register(registry);
  }

  private AtomicLong state(Map<Partition, AtomicLong> states, String topic, int partition) {
    Partition key = new Partition(topic, partition);
    gauges.computeIfAbsent(key, p -> {
      Tags tags = Tags.of("view_set", viewSet, "topic", topic, "partition", Integer.toString(partition));
      AtomicLong lag = lags.computeIfAbsent(p, x -> new AtomicLong());
      AtomicLong pause = paused.computeIfAbsent(p, x -> new AtomicLong());
      return List.of(
          Gauge.builder("tablecast.viewset.lag", lag, AtomicLong::get).description("Records not yet applied").tags(tags).register(registry),
          Gauge.builder("tablecast.viewset.paused", pause, AtomicLong::get).description("1 while the partition is paused")
              .tags(tags).register(registry));
    });
    return states.get(key);
  }
}
