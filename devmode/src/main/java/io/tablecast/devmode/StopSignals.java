package io.tablecast.devmode;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM as a request to stop in order, rather than the JVM's default of
 * running its shutdown hooks and exiting with 128 plus the signal's number.
 *
 * <p>The first signal makes {@link #await()} return, and dev mode stops its services, Kafka and
 * Azurite, then exits with 0. A second signal while that stop runs ends the JVM at once, with
 * 130: the next start then recovers, as after a crash. A signal that this process ignores (a
 * background job of a non-interactive shell, or {@code nohup}) stays ignored: the JVM keeps the
 * disposition it inherited.
 */
final class StopSignals {

  private static final List<String> NAMES = List.of("INT", "TERM");

  private final CountDownLatch requested = new CountDownLatch(1);
  private final AtomicInteger received = new AtomicInteger();
  private final PrintStream out;

  private StopSignals(PrintStream out) {
    this.out = out;
  }

  /** Takes SIGINT and SIGTERM over from the JVM's shutdown hooks; {@code out} hears of each. */
  static StopSignals install(PrintStream out) {
    StopSignals signals = new StopSignals(out);
    for (String name : NAMES) {
      Signal.handle(new Signal(name), signals::received);
    }
    return signals;
  }

  private void received(Signal signal) {
    if (received.incrementAndGet() == 1) {
      out.println();
      out.println("Stopping Tablecast (SIG" + signal.getName() + "; again to stop at once) ...");
      requested.countDown();
    } else {
      out.println("Stopping at once; the next start recovers what this run did not save.");
      Runtime.getRuntime().halt(128 + signal.getNumber());
    }
  }

  /** Returns once a stop has been asked for. */
  void await() throws InterruptedException {
    requested.await();
  }

  /** Whether a stop has been asked for already. */
  boolean requested() {
    return requested.getCount() == 0;
  }
}
