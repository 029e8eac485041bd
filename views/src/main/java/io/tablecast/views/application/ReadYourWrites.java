package io.tablecast.views.application;

import io.tablecast.common.kafka.ConsistencyToken;
import java.time.Duration;

/**
 * Read-your-writes (SPEC §5): a read that carries a consistency token waits, for a bounded time,
 * until the views reflect the write it names.
 */
public final class ReadYourWrites {

  private static final long POLL_MILLIS = 25;

  private final AppliedPositions positions;
  private final Duration bound;

  public ReadYourWrites(AppliedPositions positions, Duration bound) {
    this.positions = positions;
    this.bound = bound;
  }

  public Duration bound() {
    return bound;
  }

  /** True once the write is reflected; false when the bound ran out first. */
  public boolean await(ConsistencyToken token) {
    long deadline = System.nanoTime() + bound.toNanos();
    while (!positions.reflects(token)) {
      if (System.nanoTime() >= deadline) {
        return false;
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }
}
