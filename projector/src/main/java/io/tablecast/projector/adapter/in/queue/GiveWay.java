package io.tablecast.projector.adapter.in.queue;

import java.util.function.BooleanSupplier;

/**
 * Index work gives way to the views: while the projector beside a worker is behind the log, the
 * worker waits before it takes more messages, so that the storage account's requests go to the
 * department views first. It waits at most {@link #MAX_WAIT_MILLIS} in a row, then takes one
 * round of messages, so index work always moves on and converges once the projector catches up.
 */
final class GiveWay {

  static final long MAX_WAIT_MILLIS = 2_000;
  private static final long STEP_MILLIS = 20;

  private final BooleanSupplier viewsBehind;

  GiveWay(BooleanSupplier viewsBehind) {
    this.viewsBehind = viewsBehind;
  }

  /** Returns once the views are not behind, or after the longest wait. */
  void await() throws InterruptedException {
    for (long waited = 0; waited < MAX_WAIT_MILLIS && viewsBehind.getAsBoolean(); waited += STEP_MILLIS) {
      Thread.sleep(STEP_MILLIS);
    }
  }
}
