package io.tablecast.projector.adapter.in.queue;

import java.util.function.BooleanSupplier;

/**
 * Index work gives way to the views: while the projector beside a worker is behind the log, the
 * worker waits before it takes more messages, so that the storage account's requests go to the
 * department views first. It waits at most {@link #MAX_WAIT_MILLIS} in a row, then takes a single
 * message, so index work always moves on, and converges once the projector catches up. A
 * partition the projector has paused does not count as behind.
 */
final class GiveWay {

  static final long MAX_WAIT_MILLIS = 10_000;
  private static final long STEP_MILLIS = 20;

  private final BooleanSupplier viewsBehind;
  private final long maxWaitMillis;

  GiveWay(BooleanSupplier viewsBehind) {
    this(viewsBehind, MAX_WAIT_MILLIS);
  }

  GiveWay(BooleanSupplier viewsBehind, long maxWaitMillis) {
    this.viewsBehind = viewsBehind;
    this.maxWaitMillis = maxWaitMillis;
  }

  /**
   * Returns once the views are not behind, after the longest wait, or as soon as the worker is
   * stopped (a worker being stopped must not hold up a generation switch or a rebuild's end).
   *
   * @param running whether the waiting worker still runs
   * @return whether the views are not behind: false after the longest wait, when the worker should
   *     take a single message
   */
  boolean await(BooleanSupplier running) throws InterruptedException {
    for (long waited = 0; viewsBehind.getAsBoolean(); waited += STEP_MILLIS) {
      if (waited >= maxWaitMillis || !running.getAsBoolean()) {
        return false;
      }
      Thread.sleep(STEP_MILLIS);
    }
    return true;
  }
}
