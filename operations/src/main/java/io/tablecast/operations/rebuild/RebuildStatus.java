package io.tablecast.operations.rebuild;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * How far a pending generation is, from its checkpoints, the live generation's checkpoints, the
 * log's offsets and its queues; and whether it may take over (SPEC §6). Pure.
 *
 * <p>A generation has caught up when, for every partition of the log, its projector reports no
 * lag in a recent checkpoint, and it has applied at least what the live generation has. It may
 * take over once it has caught up and its work queues and poison queues are empty: a parked work
 * item would be a difference between the generations.
 *
 * @param applied records of the log that the pending generation has passed
 * @param total records in the log
 * @param queued messages in its work queues, hidden ones included
 * @param parked messages in its poison queues
 */
public record RebuildStatus(long applied, long total, boolean caughtUp, long queued, long parked) {

  /** A checkpoint older than this says nothing about the lag now. */
  static final Duration FRESH = Duration.ofSeconds(15);

  /** One partition's checkpoint: the last applied offset (-1 for none), the lag (-1 unknown), when written. */
  public record Checkpoint(long applied, long lag, Instant heartbeatAt) {}

  /** The first and the next offset of one partition of the log. */
  public record LogRange(long begin, long end) {}

  /**
   * @param log every partition of the event topics, by checkpoint row key
   * @param pending the pending generation's checkpoints
   * @param live the live generation's last applied offsets
   */
  public static RebuildStatus of(Map<String, LogRange> log, Map<String, Checkpoint> pending, Map<String, Long> live,
      long queued, long parked, Instant now) {
    long applied = 0;
    long total = 0;
    boolean caughtUp = !log.isEmpty();
    for (Map.Entry<String, LogRange> partition : log.entrySet()) {
      LogRange range = partition.getValue();
      Checkpoint checkpoint = pending.get(partition.getKey());
      long passed = checkpoint == null ? range.begin() : Math.min(Math.max(checkpoint.applied() + 1, range.begin()), range.end());
      applied += passed - range.begin();
      total += range.end() - range.begin();
      caughtUp &= checkpoint != null
          && checkpoint.lag() == 0
          && !checkpoint.heartbeatAt().isBefore(now.minus(FRESH))
          && checkpoint.applied() >= live.getOrDefault(partition.getKey(), -1L);
    }
    return new RebuildStatus(applied, total, caughtUp, queued, parked);
  }

  public boolean readyToFlip() {
    return caughtUp && queued == 0 && parked == 0;
  }

  /** What the flip waits for, in words; empty when ready. */
  public String waitingFor() {
    if (!caughtUp) {
      return "catching up with the log";
    }
    if (parked > 0) {
      return parked + " message(s) parked in its poison queues: a difference from the live views; abort, or fix the cause and rebuild again";
    }
    return queued > 0 ? queued + " queued work item message(s)" : "";
  }
}
