package io.tablecast.views.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What {@code /status} reports (SPEC §9): the generations, the projector's progress per Kafka
 * partition, the depth of every work and poison queue, and the dead letters.
 */
public record PipelineStatus(
    int activeGeneration, OptionalInt pendingGeneration, List<PartitionProgress> partitions, boolean stalled,
    List<QueueDepth> queues, Optional<Long> deadLetters) {

  /**
   * One partition's checkpoint: how far behind, when it last advanced, when the projector last
   * wrote it, the last offset applied (none before the first batch), and why the projector paused
   * it, if it did.
   */
  public record PartitionProgress(String topic, int partition, long lag, Instant lastProgressAt, Instant heartbeatAt,
      OptionalLong appliedOffset, Optional<String> pausedReason) {

    public PartitionProgress(String topic, int partition, long lag, Instant lastProgressAt, Instant heartbeatAt) {
      this(topic, partition, lag, lastProgressAt, heartbeatAt, OptionalLong.empty(), Optional.empty());
    }
  }

  public record QueueDepth(String name, long depth, long poisonDepth) {}

  /**
   * The stall rule (SPEC §7): a partition with lag that has not advanced for {@code timeout}, or a
   * projector that has not written its checkpoints for as long (it is down, whatever its lag said).
   * A frozen pipeline must never look idle.
   */
  public static boolean stalled(List<PartitionProgress> partitions, Instant now, Duration timeout) {
    Instant limit = now.minus(timeout);
    return partitions.stream().anyMatch(p ->
        p.lag() > 0 && p.lastProgressAt().isBefore(limit) || p.heartbeatAt().isBefore(limit));
  }
}
