package io.tablecast.projector;

import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.projector.application.work.PendingWork;
import io.tablecast.viewstore.application.FailureClassifier;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@link PendingWork#requeue()} in the background when asked: one run at a time, requests
 * that arrive before a run starts served by that run, and a run that fails for now (storage
 * unreachable) tried again with a growing pause until it is done or the pipeline stops.
 */
final class PendingWorkRequests implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(PendingWorkRequests.class);
  private static final Duration MAX_PAUSE = Duration.ofSeconds(30);

  private final PendingWork pending;
  private final FailureClassifier failures;
  private final ExecutorService runner;
  private final AtomicBoolean requested = new AtomicBoolean();
  private volatile boolean closed;

  PendingWorkRequests(PendingWork pending, FailureClassifier failures, String name) {
    this.pending = pending;
    this.failures = failures;
    this.runner = Executors.newSingleThreadExecutor(DaemonThreads.named(name));
  }

  /** Asks for a run; {@code why} is logged. */
  void request(String why) {
    if (requested.compareAndSet(false, true)) {
      log.info("Queuing the pending work again: {}", why);
      runner.execute(this::runUntilDone);
    }
  }

  private void runUntilDone() {
    requested.set(false);
    Duration pause = Duration.ofSeconds(1);
    while (!closed) {
      try {
        pending.requeue();
        return;
      } catch (RuntimeException e) {
        if (!failures.isTransient(e)) {
          log.error("Could not queue the pending work again", e);
          return;
        }
        log.warn("Could not queue the pending work again yet ({}); trying again in {} s", failures.describe(e), pause.toSeconds());
        sleep(pause);
        pause = pause.multipliedBy(2).compareTo(MAX_PAUSE) > 0 ? MAX_PAUSE : pause.multipliedBy(2);
      }
    }
  }

  private void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closed = true;
    }
  }

  @Override
  public void close() {
    closed = true;
    runner.shutdownNow();
    try {
      runner.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
