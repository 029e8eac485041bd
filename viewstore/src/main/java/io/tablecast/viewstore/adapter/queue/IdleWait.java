package io.tablecast.viewstore.adapter.queue;

import io.tablecast.common.concurrent.Doorbell;
import java.time.Duration;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.function.LongSupplier;

/**
 * How long an idle queue worker waits before it receives again: from {@link #FIRST_MILLIS},
 * doubling while its receives find nothing, up to its {@link Arrivals#idleReceive()}; at once when
 * its doorbell rings; and never past the moment a message that this worker hid becomes visible
 * again (a failed attempt's backoff, an abandoned attempt's visibility timeout), so that a retry
 * waits for its backoff and not for the worker's idle wait. One per worker: {@link #hidden} may be
 * called from the threads that handle its messages side by side, the rest from its own thread.
 */
public final class IdleWait {

  static final long FIRST_MILLIS = 50;
  /**
   * The queue service counts visibility in whole seconds on its own clock: a hidden message is
   * received this long after it is due, so that it is visible by then.
   */
  static final long MARGIN_MILLIS = 250;

  private final Doorbell bell;
  private final long maxMillis;
  private final LongSupplier clockMillis;
  /** When messages hidden by this worker become visible again, on {@link #clockMillis}. */
  private final PriorityBlockingQueue<Long> hiddenUntil = new PriorityBlockingQueue<>();
  private long idleMillis = FIRST_MILLIS;

  public IdleWait(Arrivals arrivals, Doorbell bell, LongSupplier clockMillis) {
    this.bell = bell;
    this.maxMillis = arrivals.idleReceive().toMillis();
    this.clockMillis = clockMillis;
  }

  /** A monotonic clock in milliseconds. */
  public static long monotonicMillis() {
    return System.nanoTime() / 1_000_000;
  }

  /** This worker hid a message for {@code hidden}: the wait ends when it is visible again. */
  public void hidden(Duration hidden) {
    hiddenUntil.add(clockMillis.getAsLong() + hidden.toMillis() + MARGIN_MILLIS);
  }

  /**
   * A receive that started at {@code startedMillis} found {@code messages}: the hidden messages
   * due by then were visible to it, and the next wait starts again from {@link #FIRST_MILLIS} when
   * it found any.
   */
  public void received(int messages, long startedMillis) {
    while (!hiddenUntil.isEmpty() && hiddenUntil.peek() <= startedMillis) {
      hiddenUntil.poll();
    }
    idleMillis = messages > 0 ? FIRST_MILLIS : Math.min(maxMillis, idleMillis * 2);
  }

  /** How long to wait at {@code nowMillis}, after a receive that found nothing. */
  public long next(long nowMillis) {
    return hiddenUntil.isEmpty() ? idleMillis : Math.max(0, Math.min(idleMillis, hiddenUntil.peek() - nowMillis));
  }

  /** Ends the wait now: the worker stops. */
  public void wake() {
    bell.ring();
  }

  /** Waits after a receive that found nothing, until the bell rings or {@link #next} has passed. */
  public void await() throws InterruptedException {
    if (bell.await(next(clockMillis.getAsLong()))) {
      idleMillis = FIRST_MILLIS;
    }
  }
}
