package io.tablecast.projector.adapter.in.kafka;

import io.tablecast.projector.application.Checkpoint;
import io.tablecast.projector.application.CheckpointStore;
import io.tablecast.projector.application.PartitionRef;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the projector resumes each partition it is assigned: the store is the truth of what is
 * applied. A partition resumes after the last offset its generation's checkpoint records as
 * applied, whatever the consumer group's committed offset says, when that is lower. The two
 * differ only when the store lost writes that Kafka kept (Azurite's last seconds in a crash, a
 * restore from a backup, a fail-over to a secondary that is behind): the records in between are
 * then applied again, and those that did survive stay no-ops through the version guards.
 *
 * <p>A newly assigned partition stays paused until its checkpoint is read, so that no record is
 * fetched from the group's offset first; a failed read (storage unreachable) is tried again at
 * the next turn of the loop. Used by the consumer loop's thread only, but for {@link #window},
 * which the rebalance listener also reads (same thread).
 */
final class Positions {

  private static final Logger log = LoggerFactory.getLogger(Positions.class);

  private final CheckpointStore checkpoints;
  private final Map<TopicPartition, Checkpoint> windows = new ConcurrentHashMap<>();
  private final Set<TopicPartition> unpositioned = new LinkedHashSet<>();

  Positions(CheckpointStore checkpoints) {
    this.checkpoints = checkpoints;
  }

  /** Newly assigned partitions: paused until {@link #resume} has read their checkpoints. */
  void assigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
    partitions.forEach(windows::remove);
    unpositioned.addAll(partitions);
    consumer.pause(partitions);
  }

  void revoked(Collection<TopicPartition> partitions) {
    partitions.forEach(windows::remove);
    unpositioned.removeAll(partitions);
  }

  /**
   * Reads the checkpoints of the partitions assigned since the last call, seeks those whose
   * checkpoint is behind the group's offset, and resumes them.
   *
   * @return the partitions whose checkpoint was behind the group's committed offset: the store lost writes
   * @throws RuntimeException when the checkpoints cannot be read; the partitions stay paused
   */
  Set<PartitionRef> resume(Consumer<?, ?> consumer) {
    if (unpositioned.isEmpty()) {
      return Set.of();
    }
    List<TopicPartition> partitions = List.copyOf(unpositioned);
    Map<PartitionRef, Checkpoint> stored = checkpoints.load(partitions.stream().map(Progress::ref).toList());
    Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new HashSet<>(partitions));
    Set<PartitionRef> behind = new LinkedHashSet<>();
    for (TopicPartition partition : partitions) {
      Checkpoint checkpoint = stored.getOrDefault(Progress.ref(partition), Checkpoint.NONE);
      windows.put(partition, checkpoint);
      long resumeAt = checkpoint.appliedOffset() + 1;
      OffsetAndMetadata group = committed.get(partition);
      if (group == null || resumeAt < group.offset()) {
        consumer.seek(partition, resumeAt);
      }
      if (group != null && resumeAt < group.offset()) {
        behind.add(Progress.ref(partition));
        log.warn("Partition {} resumes at offset {}, after its last applied record, not at the group's offset {}: the store "
            + "has lost writes that Kafka kept; applying {} records again", partition, resumeAt, group.offset(), group.offset() - resumeAt);
      }
    }
    unpositioned.clear();
    consumer.resume(partitions);
    return behind;
  }

  /** The checkpoint of a positioned partition, as read when it was assigned or last applied. */
  Checkpoint window(TopicPartition partition) {
    return windows.getOrDefault(partition, Checkpoint.NONE);
  }

  /** Whether the partition's checkpoint has been read since it was assigned. */
  boolean isPositioned(TopicPartition partition) {
    return windows.containsKey(partition);
  }

  /** Records the partition as applied up to {@code offset}, as its checkpoint now says. */
  void applied(TopicPartition partition, long offset) {
    windows.computeIfPresent(partition, (p, window) -> new Checkpoint(offset, Math.max(offset, window.inFlightOffset())));
  }

  /**
   * Records that the records up to {@code offset} may be applied in part: after a failure, this
   * instance polls them again, although it has started applying them.
   */
  void uncertainUpTo(TopicPartition partition, long offset) {
    windows.computeIfPresent(partition, (p, window) -> new Checkpoint(window.appliedOffset(), Math.max(offset, window.inFlightOffset())));
  }
}
