package io.tablecast.views.application;

import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.concurrent.Parallel;
import io.tablecast.common.kafka.ConsistencyToken;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one watcher of a views instance that answers every read waiting for its write (SPEC §5).
 * It runs only while a read waits. Every {@code interval} it reads the active generation's
 * checkpoint rows (one query); when the applied offsets moved, it reads each aggregate waited on
 * once, however many reads wait on it, and wakes the reads their rows now reflect. A read that
 * arrived since the last pass has its aggregate read at the next pass, and every
 * {@code fallback} all aggregates are read again, so a movement missed never leaves a read
 * waiting out its bound. A failed pass is logged and the next one tries again.
 */
final class AppliedWatcher implements AutoCloseable {

  /** Point reads in flight at once when many aggregates are waited on. */
  private static final int READ_PARALLELISM = 8;
  /** How long a close waits for a read under way. */
  private static final Duration CLOSE_GRACE = Duration.ofSeconds(5);
  private static final Logger log = LoggerFactory.getLogger(AppliedWatcher.class);

  private final AppliedPositions positions;
  private final long intervalNanos;
  private final long fallbackNanos;
  private final LongSupplier nanoTime;
  private final Waiters waiters = new Waiters();
  private final ScheduledExecutorService ticker = DaemonThreads.scheduler("views-applied-watcher");
  private final ExecutorService reads = Executors.newFixedThreadPool(READ_PARALLELISM, DaemonThreads.named("views-applied-reads"));
  private boolean running; // guarded by waiters
  private AppliedOffsets last; // the ticker's own
  private long nextFallback;
  private boolean failing;

  AppliedWatcher(AppliedPositions positions, Duration interval, Duration fallback, LongSupplier nanoTime) {
    this.positions = positions;
    this.intervalNanos = interval.toNanos();
    this.fallbackNanos = fallback.toNanos();
    this.nanoTime = nanoTime;
  }

  /** Starts watching for the token's write; the waiter's future completes once the views reflect it. */
  Waiters.Waiter watch(ConsistencyToken token) {
    synchronized (waiters) {
      Waiters.Waiter waiter = waiters.add(token);
      if (!running) {
        running = true;
        last = null; // nothing is known about what happened while no one waited
        ticker.execute(this::pass);
      }
      return waiter;
    }
  }

  /** Stops watching for a waiter, answered or not. */
  void forget(Waiters.Waiter waiter) {
    waiters.remove(waiter);
  }

  /** One look at the checkpoints, then the aggregates that need a look. */
  private void pass() {
    try {
      AppliedOffsets offsets = positions.offsets();
      boolean moved = !offsets.equals(last);
      last = offsets;
      waiters.settle(offsets);
      long now = nanoTime.getAsLong();
      boolean all = moved || now - nextFallback >= 0;
      if (all) {
        nextFallback = now + fallbackNanos;
      }
      List<Aggregate> aggregates = new ArrayList<>(waiters.toRead(all));
      List<OptionalLong> versions = Parallel.map(reads, aggregates, positions::version);
      for (int i = 0; i < aggregates.size(); i++) {
        waiters.settle(aggregates.get(i), versions.get(i));
      }
      recovered();
    } catch (RuntimeException e) {
      failed(e);
    } finally {
      next();
    }
  }

  private void next() {
    synchronized (waiters) {
      if (waiters.isEmpty()) {
        running = false;
      } else if (!ticker.isShutdown()) {
        ticker.schedule(this::pass, intervalNanos, TimeUnit.NANOSECONDS);
      }
    }
  }

  /** Logged once when passes start failing, and once when they work again; the reads wait meanwhile. */
  private void failed(RuntimeException e) {
    if (!failing) {
      failing = true;
      log.warn("Read-your-writes cannot read how far the views are ({} reads waiting); trying again", waiters.size(), e);
    } else {
      log.debug("Read-your-writes still cannot read how far the views are: {}", e.toString());
    }
  }

  private void recovered() {
    if (failing) {
      failing = false;
      log.info("Read-your-writes reads how far the views are again");
    }
  }

  @Override
  public void close() {
    DaemonThreads.stopGently(ticker, CLOSE_GRACE);
    DaemonThreads.stopGently(reads, CLOSE_GRACE);
  }
}
