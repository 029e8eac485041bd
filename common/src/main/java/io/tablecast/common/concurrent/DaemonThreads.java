package io.tablecast.common.concurrent;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Daemon threads named {@code <prefix>-1}, {@code <prefix>-2}, …: the background threads of the
 * services (I/O pools, refreshers, followers), which must never keep a stopping JVM alive and
 * should be recognisable in a thread dump; and how to stop them without cutting a storage call in
 * half.
 */
public final class DaemonThreads {

  private static final Duration AFTER_INTERRUPT = Duration.ofSeconds(1);

  private DaemonThreads() {}

  public static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * One daemon thread for timed tasks, whose delayed and periodic tasks are dropped when it is shut
   * down: {@link #stopGently} then waits for the task running, if any, and nothing else.
   */
  public static ScheduledExecutorService scheduler(String prefix) {
    ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, named(prefix));
    scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    scheduler.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
    scheduler.setRemoveOnCancelPolicy(true);
    return scheduler;
  }

  /**
   * Stops {@code executor} without interrupting the task it runs: nothing new starts, and the
   * running task (a storage call of milliseconds, which an interrupt would turn into an error that
   * the Azure SDK logs) finishes, for up to {@code grace}; only then are its threads interrupted.
   *
   * @return whether it stopped within {@code grace}
   */
  public static boolean stopGently(ExecutorService executor, Duration grace) {
    executor.shutdown();
    try {
      if (executor.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        return true;
      }
      executor.shutdownNow();
      executor.awaitTermination(AFTER_INTERRUPT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
    return false;
  }
}
