package io.tablecast.embedded;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One step of a stop, run on a daemon thread of its own and waited for at most a budget.
 *
 * <p>Guarantees: {@link #run} returns within the budget (plus the cost of starting a thread),
 * whatever the step waits for: a broker that no longer answers, a storage service that is gone.
 * A step that overruns is logged in one line and abandoned; it runs on until it ends or the JVM
 * exits. A step that fails is logged in one line too (its stack trace at DEBUG). An interrupt of
 * the caller does not cut the wait short, so that the steps after this one still run; it is kept
 * for the caller.
 */
public final class BoundedStop {

  private static final Logger log = LoggerFactory.getLogger(BoundedStop.class);

  private BoundedStop() {}

  /** What a step does. */
  @FunctionalInterface
  public interface Step {
    void run() throws Exception;
  }

  /** Runs {@code step}; true if it finished within {@code budget} without throwing. */
  public static boolean run(String name, Duration budget, Step step) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        step.run();
        done.complete(null);
      } catch (Throwable e) {
        done.completeExceptionally(e);
      }
    }, "stop-" + name.replace(' ', '-'));
    thread.setDaemon(true);
    thread.start();
    long deadline = System.nanoTime() + budget.toNanos();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          done.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
          return true;
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (TimeoutException e) {
          log.warn("{} did not stop within {} s; abandoning it (the JVM's exit ends it)", name, budget.toSeconds());
          return false;
        } catch (ExecutionException e) {
          log.warn("{} failed to stop: {}", name, e.getCause().toString());
          log.debug("{} failed to stop", name, e.getCause());
          return false;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
