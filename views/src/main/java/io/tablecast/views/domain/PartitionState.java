package io.tablecast.views.domain;

import io.tablecast.views.domain.PipelineStatus.PartitionProgress;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One partition as an operator reads it: running (keeping up), behind (a backlog it is working
 * through, or waiting behind other partitions' work while the projector progresses: with its rate
 * and when it should catch up), paused by the projector (with its reason), or stalled (no progress
 * while work is pending, or a projector that has stopped writing: with what the stall rule of SPEC
 * §7 saw).
 *
 * @param rate records applied per second over the last minute, when the projector says
 * @param etaSeconds when it should be caught up at that rate, when it is behind and has one
 */
public record PartitionState(String topic, int partition, long lag, Instant lastProgressAt, Condition condition, String reason,
    OptionalDouble rate, OptionalLong etaSeconds) {

  public enum Condition { RUNNING, BEHIND, PAUSED, STALLED }

  /** A backlog this long at its rate, or a wait this long for its turn, is behind rather than keeping up. */
  static final Duration BEHIND = Duration.ofSeconds(5);

  public static PartitionState of(PartitionProgress p, Instant now, Duration stallTimeout) {
    if (p.pausedReason().isPresent()) {
      return state(p, Condition.PAUSED, p.pausedReason().get(), OptionalLong.empty());
    }
    if (p.silent(now, stallTimeout)) {
      return state(p, Condition.STALLED, "the projector has not written this checkpoint for " + secondsSince(p.heartbeatAt(), now)
          + " s: it is down or cannot reach storage", OptionalLong.empty());
    }
    if (p.frozen(now, stallTimeout)) {
      return state(p, Condition.STALLED, records(p.lag()) + " behind and no progress for " + secondsSince(p.lastProgressAt(), now) + " s",
          OptionalLong.empty());
    }
    double rate = p.rate().orElse(0);
    if (p.lag() > 0 && rate > 0) {
      long eta = (long) Math.ceil(p.lag() / rate);
      if (eta >= BEHIND.toSeconds()) {
        return state(p, Condition.BEHIND, String.format(Locale.ROOT, "%s behind at %.1f/s: caught up in about %d s", records(p.lag()), rate,
            eta), OptionalLong.of(eta));
      }
    } else if (p.lag() > 0 && secondsSince(p.lastProgressAt(), now) >= BEHIND.toSeconds()) {
      return state(p, Condition.BEHIND, records(p.lag()) + " behind, waiting " + secondsSince(p.lastProgressAt(), now)
          + " s for its turn behind other partitions' work; the projector is progressing", OptionalLong.empty());
    }
    return state(p, Condition.RUNNING, "", OptionalLong.empty());
  }

  private static PartitionState state(PartitionProgress p, Condition condition, String reason, OptionalLong eta) {
    return new PartitionState(p.topic(), p.partition(), p.lag(), p.lastProgressAt(), condition, reason, p.rate(), eta);
  }

  private static String records(long n) {
    return n + (n == 1 ? " record" : " records");
  }

  private static long secondsSince(Instant then, Instant now) {
    return Duration.between(then, now).toSeconds();
  }
}
