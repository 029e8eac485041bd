package io.tablecast.common.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Writes values as a group commit: one write at a time, each carrying every value that arrived
 * while the one before it was on its way. A value that arrives alone is written at once; under
 * load, the slower the writes, the more each one carries, so the writes a second stay bounded by
 * their latency instead of growing with the load. Thread-safe.
 *
 * @param <T> what is written
 */
public final class GroupCommit<T> {

  private final Consumer<List<T>> write;
  private final Executor executor;
  private final Object lock = new Object();
  private List<T> pending = new ArrayList<>();
  private List<CompletableFuture<Void>> waiting = new ArrayList<>();
  private boolean writing;

  /**
   * @param write writes the values it is given, in the order they arrived; returns once they are
   *     durable, throws if they are not
   * @param executor where the writes run, one at a time
   */
  public GroupCommit(Consumer<List<T>> write, Executor executor) {
    this.write = write;
    this.executor = executor;
  }

  /**
   * Adds values to the next write; the future completes once it has written them, or fails with
   * its failure.
   */
  public CompletableFuture<Void> add(List<T> values) {
    CompletableFuture<Void> written = new CompletableFuture<>();
    synchronized (lock) {
      pending.addAll(values);
      waiting.add(written);
      if (!writing) {
        try {
          executor.execute(this::writeAll);
          writing = true;
        } catch (RejectedExecutionException e) { // the executor is shut down: nothing will write them
          waiting.forEach(f -> f.completeExceptionally(e));
          pending = new ArrayList<>();
          waiting = new ArrayList<>();
        }
      }
    }
    return written;
  }

  /** Writes what is pending until nothing is. */
  private void writeAll() {
    while (true) {
      List<T> values;
      List<CompletableFuture<Void>> served;
      synchronized (lock) {
        if (waiting.isEmpty()) {
          writing = false;
          return;
        }
        values = pending;
        served = waiting;
        pending = new ArrayList<>();
        waiting = new ArrayList<>();
      }
      try {
        write.accept(values);
        served.forEach(f -> f.complete(null));
      } catch (RuntimeException | Error e) { // each waiter fails with it; none is left waiting
        served.forEach(f -> f.completeExceptionally(e));
      }
    }
  }
}
