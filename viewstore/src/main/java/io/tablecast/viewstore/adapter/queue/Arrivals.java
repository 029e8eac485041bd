package io.tablecast.viewstore.adapter.queue;

import io.tablecast.projection.ViewSet;
import io.tablecast.common.concurrent.Doorbell;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * How idle queue workers learn that work has arrived.
 *
 * <ul>
 *   <li>{@link #rungBy}: beside a projector, which rings a doorbell per queue once it has stored
 *       messages there (dev mode, the default {@code projector} service). An idle worker receives at
 *       once when its bell rings, so it need not poll for the projector's work; it still receives
 *       every {@link #RUNG_IDLE_RECEIVE} at least, for what no bell announces: messages sent by
 *       another process (an operator's {@code poison requeue}, another projector), and messages
 *       whose holder died, which reappear when their visibility timeout ends.
 *   <li>{@link #NONE}: alone ({@code tablecast worker}), no bell rings, and an idle worker receives
 *       every {@link #POLLED_IDLE_RECEIVE} at least.
 * </ul>
 *
 * Either way a worker also wakes when a message that it hid itself becomes visible again
 * ({@link IdleWait}).
 *
 * @param bells the doorbell of each queue
 * @param idleReceive the longest an idle worker waits between two receives
 */
public record Arrivals(Function<ViewSet.Queue, Doorbell> bells, Duration idleReceive) {

  public static final Duration POLLED_IDLE_RECEIVE = Duration.ofSeconds(1);
  public static final Duration RUNG_IDLE_RECEIVE = Duration.ofSeconds(10);

  /** No bell: the workers poll. */
  public static final Arrivals NONE = new Arrivals(queue -> new Doorbell(), POLLED_IDLE_RECEIVE);

  public Arrivals {
    Objects.requireNonNull(bells, "'bells' cannot be null.");
    if (idleReceive.isNegative() || idleReceive.isZero()) {
      throw new IllegalArgumentException("'idleReceive' must be positive");
    }
  }

  /** Doorbells that the projector beside the workers rings when it has sent work. */
  public static Arrivals rungBy(Function<ViewSet.Queue, Doorbell> bells) {
    return new Arrivals(bells, RUNG_IDLE_RECEIVE);
  }
}
