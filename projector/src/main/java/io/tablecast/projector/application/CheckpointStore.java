package io.tablecast.projector.application;

import java.time.Instant;
import java.util.Collection;
import java.util.Map;

/**
 * Port: {@code ProjectorCheckpoints} of the active generation. The views read it for
 * read-your-writes, lag and stall detection; the projector reads it back after a restart or a
 * rebalance, to skip what is applied and to treat a half-applied batch with care.
 */
public interface CheckpointStore {

  Map<PartitionRef, Checkpoint> load(Collection<PartitionRef> partitions);

  /** Before a batch: the last offset of each partition in it. */
  void markInFlight(Map<PartitionRef, Long> lastOffsets);

  /** After a batch: everything up to these offsets is applied. */
  void markApplied(Map<PartitionRef, Long> appliedOffsets, Map<PartitionRef, Long> lags, Instant at);

  /**
   * Periodically, busy or idle: the lag of every partition owned and why any is paused, so that a
   * frozen projector never looks idle.
   */
  void heartbeat(Map<PartitionRef, Long> lags, Map<PartitionRef, String> pausedReasons, Instant at);
}
