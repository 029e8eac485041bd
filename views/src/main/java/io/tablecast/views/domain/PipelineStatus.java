package io.tablecast.views.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What {@code /status} reports (SPEC §9): the generations, the projector's progress per Kafka
 * partition, the depth of every work and poison queue, and the dead letters; then the same for
 * every other view set the catalog knows.
 */
public record PipelineStatus(
    int activeGeneration, OptionalInt pendingGeneration, List<PartitionProgress> partitions, boolean stalled,
    List<QueueDepth> queues, Optional<Long> deadLetters, List<PartitionState> partitionStates, List<ViewSetStatus> viewSets) {

  /** The status as read at {@code now}: each partition's state, and the stall rule over them all. */
  public static PipelineStatus of(int activeGeneration, OptionalInt pendingGeneration, List<PartitionProgress> partitions,
      List<QueueDepth> queues, Optional<Long> deadLetters, List<ViewSetStatus> viewSets, Instant now, Duration stallTimeout) {
    return new PipelineStatus(activeGeneration, pendingGeneration, partitions, stalled(partitions, now, stallTimeout), queues,
        deadLetters, partitions.stream().map(p -> PartitionState.of(p, now, stallTimeout)).toList(), viewSets);
  }

  /** Another view set than the one at the root: its generations, and its projector's partitions by the same rules. */
  public record ViewSetStatus(String name, int activeGeneration, OptionalInt pendingGeneration, boolean stalled,
      List<PartitionState> partitions, List<QueueDepth> queues) {

    /** @param queues its active generation's step queues; empty when the service does not know the view set's jar */
    public static ViewSetStatus of(String name, int activeGeneration, OptionalInt pendingGeneration, List<PartitionProgress> partitions,
        List<QueueDepth> queues, Instant now, Duration stallTimeout) {
      return new ViewSetStatus(name, activeGeneration, pendingGeneration, PipelineStatus.stalled(partitions, now, stallTimeout),
          partitions.stream().map(p -> PartitionState.of(p, now, stallTimeout)).toList(), queues);
    }
  }

  /**
   * One partition's checkpoint: how far behind, when it last advanced, when the projector last
   * wrote it, the last offset applied (none before the first batch), why the projector paused it,
   * if it did, when the projector that owns it last made progress on any partition, and its
   * records applied per second over the last minute (both absent in rows of older projectors).
   */
  public record PartitionProgress(String topic, int partition, long lag, Instant lastProgressAt, Instant heartbeatAt,
      OptionalLong appliedOffset, Optional<String> pausedReason, Optional<Instant> projectorProgressAt, OptionalDouble rate) {

    public PartitionProgress(String topic, int partition, long lag, Instant lastProgressAt, Instant heartbeatAt) {
      this(topic, partition, lag, lastProgressAt, heartbeatAt, OptionalLong.empty(), Optional.empty(), Optional.empty(),
          OptionalDouble.empty());
    }

    /** Its projector has not written the row for the timeout: it is down, whatever the row says. */
    public boolean silent(Instant now, Duration timeout) {
      return heartbeatAt.isBefore(now.minus(timeout));
    }

    /**
     * Lag, and no progress for the timeout, neither of the partition nor of the projector that
     * owns it: frozen. A partition whose batches wait behind others' while its projector
     * progresses is behind, not frozen.
     */
    public boolean frozen(Instant now, Duration timeout) {
      Instant limit = now.minus(timeout);
      return lag > 0 && lastProgressAt.isBefore(limit) && projectorProgressAt.map(at -> at.isBefore(limit)).orElse(true);
    }
  }

  public record QueueDepth(String name, long depth, long poisonDepth) {}

  /**
   * The stall rule (SPEC §7): a projector with lag that has made no progress for {@code timeout}
   * (on the partition or on any other it owns), or that has not written its checkpoints for as
   * long (it is down, whatever its lag said). A frozen pipeline must never look idle.
   */
  public static boolean stalled(List<PartitionProgress> partitions, Instant now, Duration timeout) {
    return partitions.stream().anyMatch(p -> p.frozen(now, timeout) || p.silent(now, timeout));
  }
}
