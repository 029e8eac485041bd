package io.tablecast.projector.adapter.in.kafka;

import io.tablecast.projector.application.PolledEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.TopicPartition;

/**
 * The batches being applied, in the order they were polled. A batch completes on its own time,
 * but counts as applied only once every batch before it has too, so the offsets this hands on
 * for checkpointing never claim more than is applied. Used by the consumer loop's thread only.
 */
final class InFlight<E> {

  /**
   * One polled batch on its way.
   *
   * @param upTo per partition, the last offset the batch covers (skipped, parked and stopped
   *     records included)
   * @param submittedNanos when it was handed on ({@link System#nanoTime()})
   */
  record Batch<E>(PolledBatch<E> polled, Map<TopicPartition, Long> upTo, CompletableFuture<Void> applied, long submittedNanos) {

    Batch(PolledBatch<E> polled, Map<TopicPartition, Long> upTo, CompletableFuture<Void> applied) {
      this(polled, upTo, applied, System.nanoTime());
    }

    List<PolledEvent<E>> events() {
      return polled.events;
    }
  }

  private final Deque<Batch<E>> batches = new ArrayDeque<>();
  private final Map<TopicPartition, Long> started = new HashMap<>();
  private int events;

  void add(Batch<E> batch) {
    batches.add(batch);
    batch.upTo().forEach((partition, offset) -> started.merge(partition, offset, Math::max));
    events += batch.events().size();
  }

  boolean isEmpty() {
    return batches.isEmpty();
  }

  /** When the oldest batch not yet taken was handed on ({@link System#nanoTime()}), if there is one. */
  OptionalLong oldestSubmittedNanos() {
    Batch<E> head = batches.peekFirst();
    return head == null ? OptionalLong.empty() : OptionalLong.of(head.submittedNanos());
  }

  /** Events in the batches not yet taken. */
  int events() {
    return events;
  }

  /** Per partition, the last offset of any batch started since the last {@link #clear}. */
  Map<TopicPartition, Long> started() {
    return Map.copyOf(started);
  }

  /** The last offset of the partition's batches started since the last {@link #clear}; -1 for none. */
  long startedAt(TopicPartition partition) {
    return started.getOrDefault(partition, -1L);
  }

  /** The oldest batch, if it failed. Only when {@link #anyFailed} is false does none lie behind a failure. */
  Optional<Batch<E>> failedHead() {
    Batch<E> head = batches.peekFirst();
    return head != null && head.applied().isCompletedExceptionally() ? Optional.of(head) : Optional.empty();
  }

  boolean anyFailed() {
    return batches.stream().anyMatch(b -> b.applied().isCompletedExceptionally());
  }

  /**
   * Removes the completed batches at the head.
   *
   * @return per partition, the last offset they cover, and the number of events in them
   */
  Taken<E> takeApplied() {
    Map<TopicPartition, Long> upTo = new HashMap<>();
    List<PolledBatch<E>> taken = new ArrayList<>();
    int count = 0;
    while (!batches.isEmpty() && isDone(batches.peekFirst())) {
      Batch<E> batch = batches.removeFirst();
      batch.upTo().forEach((partition, offset) -> upTo.merge(partition, offset, Math::max));
      taken.add(batch.polled());
      count += batch.events().size();
    }
    events -= count;
    return new Taken<>(upTo, count, taken);
  }

  /** Removes the oldest batch, which {@link #failedHead} returned. */
  Batch<E> removeHead() {
    Batch<E> head = batches.removeFirst();
    events -= head.events().size();
    return head;
  }

  /** Waits until every batch has completed or failed. */
  void awaitAll() {
    CompletableFuture.allOf(batches.stream().map(Batch::applied).toArray(CompletableFuture[]::new))
        .handle((ok, failed) -> null)
        .join();
  }

  /** Waits until the oldest batch settles, for at most {@code millis}. */
  void awaitHead(long millis) {
    Batch<E> head = batches.peekFirst();
    if (head == null) {
      return;
    }
    try {
      head.applied().get(millis, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // settled with a failure, which the caller looks at, or not yet
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Forgets every batch: after a failure, they are polled again. */
  void clear() {
    batches.clear();
    started.clear();
    events = 0;
  }

  private static boolean isDone(Batch<?> batch) {
    return batch.applied().isDone() && !batch.applied().isCompletedExceptionally();
  }

  /** What {@link #takeApplied} removed: the offsets it covers, its events, its batches. */
  record Taken<E>(Map<TopicPartition, Long> upTo, int events, List<PolledBatch<E>> batches) {}
}
