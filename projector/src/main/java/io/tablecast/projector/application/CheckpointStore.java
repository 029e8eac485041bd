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

  /**
   * One write of marks, all rows in one EGT of the generation's partition.
   *
   * @param inFlight per partition, the last offset of the batches begun: the records after its
   *     applied offset up to it may be applied in part
   * @param applied per partition, the offset up to which everything is applied
   * @param lags the lags of the partitions once {@code applied} is
   */
  void mark(Map<PartitionRef, Long> inFlight, Map<PartitionRef, Long> applied, Map<PartitionRef, Long> lags, Instant at);

  /**
   * Periodically, busy or idle: the lag of every partition owned, why any is paused, each one's
   * rate and when the projector last made progress, so that a frozen projector never looks idle
   * and a partition waiting behind others' work never looks frozen.
   */
  void heartbeat(Heartbeat heartbeat, Instant at);

  /**
   * What a heartbeat says of the partitions owned.
   *
   * @param rates records applied per second, over the last minute
   * @param progressAt when the projector last made progress on any partition (being caught up counts)
   */
  record Heartbeat(Map<PartitionRef, Long> lags, Map<PartitionRef, String> pausedReasons, Map<PartitionRef, Double> rates,
      Instant progressAt) {}
}
