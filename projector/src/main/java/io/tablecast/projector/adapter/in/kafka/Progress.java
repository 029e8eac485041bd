package io.tablecast.projector.adapter.in.kafka;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.projector.application.PartitionRef;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.kafka.common.TopicPartition;

/**
 * The projector's progress, for health, metrics and checkpoints: the lag of every partition it
 * owns, each partition's rate over the last minute, when it last made progress, and which
 * partitions it paused and why.
 *
 * <p>Stall detection (SPEC §7): a projector with lag that has made no progress for the stall
 * timeout is stalled. Being caught up counts as progress, so an idle projector never stalls, and
 * a frozen one never looks idle. A partition with lag whose batches wait behind other partitions'
 * while the projector progresses is behind, not stalled: its rate and lag say when it catches up.
 * Thread-safe.
 */
final class Progress {

  private final Clock clock;
  private final Duration stallTimeout;
  private final MeterRegistry metrics;
  private final Map<TopicPartition, Long> lags = new ConcurrentHashMap<>();
  private final Map<TopicPartition, String> paused = new ConcurrentHashMap<>();
  private final Map<TopicPartition, List<Gauge>> gauges = new ConcurrentHashMap<>();
  private final Map<TopicPartition, Rate> rates = new ConcurrentHashMap<>();
  private volatile Instant lastProgress;

  Progress(Clock clock, Duration stallTimeout, MeterRegistry metrics) {
    this.clock = clock;
    this.stallTimeout = stallTimeout;
    this.metrics = metrics;
    this.lastProgress = clock.instant();
  }

  void assigned(TopicPartition partition) {
    lags.putIfAbsent(partition, 0L);
    rates.computeIfAbsent(partition, p -> new Rate(clock));
    gauges.computeIfAbsent(partition, p -> List.of(
        gauge("tablecast.projector.lag", "Records not yet applied", p, () -> lags.getOrDefault(p, 0L)),
        gauge("tablecast.projector.rate", "Records applied per second, over the last minute", p,
            () -> rates.containsKey(p) ? rates.get(p).perSecond() : 0),
        gauge("tablecast.projector.behind", "1 while records are left and the projector progresses: the partition catches up", p,
            () -> behind(p) ? 1 : 0)));
  }

  private Gauge gauge(String name, String description, TopicPartition partition, Supplier<Number> value) {
    return Gauge.builder(name, value).description(description)
        .tags("topic", partition.topic(), "partition", Integer.toString(partition.partition()))
        .register(metrics);
  }

  void revoked(TopicPartition partition) {
    lags.remove(partition);
    paused.remove(partition);
    rates.remove(partition);
    gauges.getOrDefault(partition, List.of()).forEach(metrics::remove);
    gauges.remove(partition);
  }

  /** Offsets applied up to, per partition: each partition's rate. */
  void applied(Map<TopicPartition, Long> upTo) {
    upTo.forEach((partition, offset) -> {
      Rate rate = rates.get(partition);
      if (rate != null) {
        rate.appliedUpTo(offset);
      }
    });
  }

  void lag(TopicPartition partition, long lag) {
    lags.put(partition, lag);
    if (lags.values().stream().allMatch(l -> l == 0)) {
      progressed(); // caught up: nothing to do is not a stall
    }
  }

  void progressed() {
    lastProgress = clock.instant();
  }

  void paused(TopicPartition partition, String reason) {
    paused.put(partition, reason);
  }

  void resumed(TopicPartition partition) {
    paused.remove(partition);
  }

  boolean isPaused(TopicPartition partition) {
    return paused.containsKey(partition);
  }

  Instant lastProgress() {
    return lastProgress;
  }

  boolean stalled() {
    return lags.values().stream().anyMatch(l -> l > 0)
        && Duration.between(lastProgress, clock.instant()).compareTo(stallTimeout) > 0;
  }

  /** Records left in a partition that is not paused, while the projector is not stalled. */
  boolean behind(TopicPartition partition) {
    return lags.getOrDefault(partition, 0L) > 0 && !paused.containsKey(partition) && !stalled();
  }

  /** Each partition's records applied per second, over the last minute. */
  Map<PartitionRef, Double> rates() {
    Map<PartitionRef, Double> refs = new HashMap<>();
    rates.forEach((p, rate) -> refs.put(ref(p), rate.perSecond()));
    return refs;
  }

  /** Records not yet applied over every partition owned and not paused: what the projector is working through. */
  long lagInProgress() {
    return lags.entrySet().stream().filter(e -> !paused.containsKey(e.getKey())).mapToLong(Map.Entry::getValue).sum();
  }

  Map<PartitionRef, Long> lags() {
    Map<PartitionRef, Long> refs = new ConcurrentHashMap<>();
    lags.forEach((p, lag) -> refs.put(ref(p), lag));
    return refs;
  }

  Map<PartitionRef, String> pausedReasons() {
    Map<PartitionRef, String> refs = new ConcurrentHashMap<>();
    paused.forEach((p, reason) -> refs.put(ref(p), reason));
    return refs;
  }

  static Map<PartitionRef, Long> refs(Map<TopicPartition, Long> offsets) {
    Map<PartitionRef, Long> refs = new HashMap<>();
    offsets.forEach((partition, offset) -> refs.put(ref(partition), offset));
    return refs;
  }

  static PartitionRef ref(TopicPartition partition) {
    return new PartitionRef(partition.topic(), partition.partition());
  }
}
