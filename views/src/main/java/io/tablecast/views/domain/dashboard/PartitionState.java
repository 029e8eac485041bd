package io.tablecast.views.domain.dashboard;

import io.tablecast.views.domain.PipelineStatus.PartitionProgress;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One partition as an operator reads it: running, paused by the projector (with its reason), or
 * stalled (with what the stall rule of SPEC §7 saw).
 */
public record PartitionState(String topic, int partition, long lag, Instant lastProgressAt, Condition condition, String reason) {

  public enum Condition { RUNNING, PAUSED, STALLED }

  public static PartitionState of(PartitionProgress p, Optional<String> pausedReason, Instant now, Duration stallTimeout) {
    Instant limit = now.minus(stallTimeout);
    if (pausedReason.isPresent()) {
      return new PartitionState(p.topic(), p.partition(), p.lag(), p.lastProgressAt(), Condition.PAUSED, pausedReason.get());
    }
    if (p.heartbeatAt().isBefore(limit)) {
      return stalled(p, "the projector has not written this checkpoint for " + secondsSince(p.heartbeatAt(), now)
          + " s: it is down or cannot reach storage");
    }
    if (p.lag() > 0 && p.lastProgressAt().isBefore(limit)) {
      return stalled(p, p.lag() + " record(s) behind and no progress for " + secondsSince(p.lastProgressAt(), now) + " s");
    }
    return new PartitionState(p.topic(), p.partition(), p.lag(), p.lastProgressAt(), Condition.RUNNING, "");
  }

  private static PartitionState stalled(PartitionProgress p, String reason) {
    return new PartitionState(p.topic(), p.partition(), p.lag(), p.lastProgressAt(), Condition.STALLED, reason);
  }

  private static long secondsSince(Instant then, Instant now) {
    return Duration.between(then, now).toSeconds();
  }
}
