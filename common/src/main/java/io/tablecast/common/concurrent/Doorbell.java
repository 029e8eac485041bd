package io.tablecast.common.concurrent;

import java.util.concurrent.TimeUnit;

/**
 * Wakes a thread that waits for something to arrive: a waiter sleeps until the bell rings or its
 * time is up. A ring while nobody waits is kept, so the next wait returns at once; rings are not
 * counted.
 */
public final class Doorbell {

  private boolean rung;

  public synchronized void ring() {
    rung = true;
    notifyAll();
  }

  /**
   * Waits until the bell has rung since the last wait that saw it ring, or {@code millis} have passed.
   *
   * @return whether it rang
   */
  public synchronized boolean await(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    while (!rung) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    rung = false;
    return true;
  }
}
