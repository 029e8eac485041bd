package io.tablecast.projector.adapter.in.kafka;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.projector.application.PartitionRef;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;

/**
 * The projector's progress, for health, metrics and checkpoints: the lag of every partition it
 * owns, when it last made progress, and which partitions it paused and why.
 *
 * <p>Stall detection (SPEC §7): a projector with lag that has made no progress for the stall
 * timeout is stalled. Being caught up counts as progress, so an idle projector never stalls, and
 * a frozen one never looks idle. Thread-safe.
 */
final class Progress {

  private final Clock clock;
  private final Duration stallTimeout;
  private final MeterRegistry metrics;
  private final Map<TopicPartition, Long> lags = new ConcurrentHashMap<>();
  private final Map<TopicPartition, String> paused = new ConcurrentHashMap<>();
  private final Map<TopicPartition, Gauge> gauges = new ConcurrentHashMap<>();
  private volatile Instant lastProgress;

  Progress(Clock clock, Duration stallTimeout, MeterRegistry metrics) {
    this.clock = clock;
    this.stallTimeout = stallTimeout;
    this.metrics = metrics;
    this.lastProgress = clock.instant();
  }

  void assigned(TopicPartition partition) {
    lags.putIfAbsent(partition, 0L);
    gauges.computeIfAbsent(partition, p -> Gauge.builder("tablecast.projector.lag", lags, m -> m.getOrDefault(p, 0L))
        .description("Records not yet applied")
        .tags("topic", p.topic(), "partition", Integer.toString(p.partition()))
        .register(metrics));
  }

  void revoked(TopicPartition partition) {
    lags.remove(partition);
    paused.remove(partition);
    Gauge gauge = gauges.remove(partition);
    if (gauge != null) {
      metrics.remove(gauge);
    }
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
