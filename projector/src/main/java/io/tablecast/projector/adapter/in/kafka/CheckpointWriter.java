package io.tablecast.projector.adapter.in.kafka;

import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.projector.application.CheckpointStore;
import io.tablecast.projector.application.PartitionRef;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.common.TopicPartition;

/**
 * Writes the marks of {@code ProjectorCheckpoints} off the path of the views: one write at a time,
 * on its own thread, each carrying every mark that arrived while the previous one was on its way
 * (all partitions of the generation in one EGT of {@code G<N>}, in-flight and applied marks alike).
 *
 * <ul>
 *   <li>An in-flight mark is asked for when a batch is handed on; the batch's views do not wait
 *       for it, its work items do ({@link #inFlight}), so no worker acts on an event that the
 *       next owner would not treat as uncertain.
 *   <li>An applied mark follows a batch; the loop commits a partition's offset to Kafka only after
 *       the write that names it returned ({@link #poll}), so the group never runs ahead of the
 *       store. Applied marks alone are written at most once per {@link #APPLIED_SPACING}: no
 *       reader waits for them (read-your-writes waits for the rows themselves), so at a steady
 *       rate they ride along with the next in-flight mark or go together, instead of costing a
 *       write per batch. A crash then reads again at most that much more, as uncertain.
 * </ul>
 *
 * A failed write fails every batch waiting for an in-flight mark (the loop gives them all up after
 * a failure); its applied marks are written again with the next write, which the next mark or
 * {@link #flush} starts.
 */
final class CheckpointWriter implements AutoCloseable {

  static final Duration APPLIED_SPACING = Duration.ofMillis(100);

  private final CheckpointStore store;
  private final Clock clock;
  private final ExecutorService thread;
  private final Object lock = new Object();
  private Marks pending = new Marks();
  private final Map<TopicPartition, Long> written = new HashMap<>();
  private final long appliedSpacingNanos;
  private boolean writing;
  private boolean flushing;
  private long lastWriteNanos;
  private RuntimeException failure;

  CheckpointWriter(CheckpointStore store, Clock clock, String name) {
    this(store, clock, name, APPLIED_SPACING);
  }

  /** @param appliedSpacing the least time between two writes of applied marks alone */
  CheckpointWriter(CheckpointStore store, Clock clock, String name, Duration appliedSpacing) {
    this.store = store;
    this.clock = clock;
    this.thread = Executors.newSingleThreadExecutor(DaemonThreads.named(name));
    this.appliedSpacingNanos = appliedSpacing.toNanos();
    this.lastWriteNanos = System.nanoTime() - appliedSpacingNanos;
  }

  /** Marks these offsets in flight: the future completes once a write has named them. */
  CompletableFuture<Void> inFlight(Map<TopicPartition, Long> lastOffsets) {
    CompletableFuture<Void> marked = new CompletableFuture<>();
    synchronized (lock) {
      lastOffsets.forEach((partition, offset) -> pending.inFlight.merge(partition, offset, Math::max));
      pending.marked.add(marked);
      startIfIdle();
      lock.notifyAll(); // a write of applied marks alone that waits for its spacing goes now
    }
    return marked;
  }

  /** These offsets are applied, with these lags once they are: the next write names them. */
  void applied(Map<TopicPartition, Long> upTo, Map<PartitionRef, Long> lagsAfter) {
    if (upTo.isEmpty()) {
      return;
    }
    synchronized (lock) {
      upTo.forEach((partition, offset) -> pending.applied.merge(partition, offset, Math::max));
      pending.lags.putAll(lagsAfter);
      startIfIdle();
    }
  }

  /**
   * @return the applied offsets written since the last call, to commit; empty for none
   * @throws RuntimeException the failure of a write since the last call; its applied offsets are pending again
   */
  Map<TopicPartition, Long> poll() {
    synchronized (lock) {
      if (failure != null) {
        RuntimeException failed = failure;
        failure = null;
        throw failed;
      }
      return takeWritten();
    }
  }

  /**
   * Waits until every pending mark is written.
   *
   * @return the applied offsets written since the last call, to commit
   */
  Map<TopicPartition, Long> flush() {
    synchronized (lock) {
      failure = null;
      flushing = true;
      startIfIdle();
      lock.notifyAll();
      try {
        while (writing) {
          lock.wait();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while writing the checkpoints", e);
      } finally {
        flushing = false;
      }
      return poll();
    }
  }

  /** Forgets the applied marks of partitions this instance no longer owns. */
  void forget(Collection<TopicPartition> partitions) {
    synchronized (lock) {
      partitions.forEach(pending.applied::remove);
      partitions.forEach(written::remove);
    }
  }

  private void startIfIdle() {
    if (!writing && !pending.isEmpty()) {
      writing = true;
      thread.execute(this::writeAll);
    }
  }

  /** Writes what is pending until nothing is, or a write fails. */
  private void writeAll() {
    while (true) {
      Marks marks;
      synchronized (lock) {
        if (pending.isEmpty()) {
          stopWriting(null);
          return;
        }
        awaitSpacing();
        marks = pending;
        pending = new Marks();
        lastWriteNanos = System.nanoTime();
      }
      try {
        store.mark(Progress.refs(marks.inFlight), Progress.refs(marks.applied), marks.lags, clock.instant());
      } catch (RuntimeException e) {
        List<CompletableFuture<Void>> failed = new ArrayList<>(marks.marked);
        synchronized (lock) {
          marks.applied.forEach((partition, offset) -> pending.applied.merge(partition, offset, Math::max));
          marks.lags.forEach(pending.lags::putIfAbsent);
          failed.addAll(pending.marked); // the loop gives up every batch in flight after a failure
          pending.marked.clear();
          pending.inFlight.clear();
          stopWriting(e);
        }
        failed.forEach(marked -> marked.completeExceptionally(e));
        return;
      }
      synchronized (lock) {
        marks.applied.forEach((partition, offset) -> written.merge(partition, offset, Math::max));
      }
      marks.marked.forEach(marked -> marked.complete(null));
    }
  }

  /** While only applied marks are pending, waits until {@link #APPLIED_SPACING} has passed since the last write. */
  private void awaitSpacing() {
    while (pending.inFlight.isEmpty() && !flushing) {
      long left = lastWriteNanos + appliedSpacingNanos - System.nanoTime();
      if (left <= 0) {
        return;
      }
      try {
        lock.wait(Math.max(1, left / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void stopWriting(RuntimeException failed) {
    writing = false;
    failure = failed;
    lock.notifyAll();
  }

  private Map<TopicPartition, Long> takeWritten() {
    Map<TopicPartition, Long> taken = Map.copyOf(written);
    written.clear();
    return taken;
  }

  @Override
  public void close() {
    thread.shutdown();
  }

  /** The marks of one write. */
  private static final class Marks {
    final Map<TopicPartition, Long> inFlight = new HashMap<>();
    final List<CompletableFuture<Void>> marked = new ArrayList<>();
    final Map<TopicPartition, Long> applied = new HashMap<>();
    final Map<PartitionRef, Long> lags = new HashMap<>();

    boolean isEmpty() {
      return inFlight.isEmpty() && applied.isEmpty();
    }
  }
}
