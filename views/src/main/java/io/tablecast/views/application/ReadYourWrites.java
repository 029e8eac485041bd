package io.tablecast.views.application;

import io.tablecast.common.kafka.ConsistencyToken;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Read-your-writes (SPEC §5): a read that carries a consistency token waits, for a bounded time,
 * until the views reflect the write it names. The reads do not poll: one {@link AppliedWatcher}
 * per instance watches for all of them and wakes each once its write is applied, so the storage
 * requests spent on waiting do not grow with the number of reads waiting.
 */
public final class ReadYourWrites implements AutoCloseable {

  /** How often the watcher reads the checkpoint rows while a read waits. */
  public static final Duration CHECKPOINT_INTERVAL = Duration.ofMillis(10);
  /** How often it reads every aggregate waited on even though no checkpoint moved. */
  public static final Duration FALLBACK_INTERVAL = Duration.ofMillis(200);

  private final AppliedWatcher watcher;
  private final Duration bound;

  public ReadYourWrites(AppliedPositions positions, Duration bound) {
    this(positions, bound, CHECKPOINT_INTERVAL, FALLBACK_INTERVAL);
  }

  ReadYourWrites(AppliedPositions positions, Duration bound, Duration interval, Duration fallback) {
    this.watcher = new AppliedWatcher(positions, interval, fallback, System::nanoTime);
    this.bound = bound;
  }

  public Duration bound() {
    return bound;
  }

  /** True once the write is reflected; false when the bound ran out first. */
  public boolean await(ConsistencyToken token) {
    Waiters.Waiter waiter = watcher.watch(token);
    try {
      waiter.done().get(bound.toNanos(), TimeUnit.NANOSECONDS);
      return true;
    } catch (TimeoutException | ExecutionException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      watcher.forget(waiter);
    }
  }

  @Override
  public void close() {
    watcher.close();
  }
}
