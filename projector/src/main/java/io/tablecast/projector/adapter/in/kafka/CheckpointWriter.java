package io.tablecast.projector.adapter.in.kafka;

import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.projector.application.BatchApplier;
import io.tablecast.projector.application.CheckpointStore;
import io.tablecast.projector.application.PartitionRef;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.apache.kafka.common.TopicPartition;

/**
 * Writes the applied marks of {@code ProjectorCheckpoints} off the consumer loop's path: one
 * write at a time, in the background, each carrying every offset that became applied while the
 * previous one was on its way (all partitions of the generation in one EGT of {@code G<N>}).
 * The loop commits a partition's offset to Kafka only after the write that names it returned,
 * so the group never runs ahead of the store. Used by the consumer loop's thread only.
 */
final class CheckpointWriter implements AutoCloseable {

  private final CheckpointStore store;
  private final Function<Map<TopicPartition, Long>, Map<PartitionRef, Long>> lags;
  private final Clock clock;
  private final ExecutorService thread;
  private final Map<TopicPartition, Long> pending = new HashMap<>();
  private CompletableFuture<Map<TopicPartition, Long>> writing;
  private Map<TopicPartition, Long> writingOffsets = Map.of();

  /** @param lags the lag of every partition once the offsets given are applied; called on the loop's thread */
  CheckpointWriter(CheckpointStore store, Function<Map<TopicPartition, Long>, Map<PartitionRef, Long>> lags, Clock clock, String name) {
    this.store = store;
    this.lags = lags;
    this.clock = clock;
    this.thread = Executors.newSingleThreadExecutor(DaemonThreads.named(name));
  }

  /** These offsets are applied: the next write names them. */
  void applied(Map<TopicPartition, Long> upTo) {
    upTo.forEach((partition, offset) -> pending.merge(partition, offset, Math::max));
  }

  /**
   * Starts writing what is pending when no write runs.
   *
   * @return the offsets of a write that has returned since the last call, to commit
   * @throws RuntimeException the failure of that write; its offsets are written again next time
   */
  Optional<Map<TopicPartition, Long>> poll() {
    Optional<Map<TopicPartition, Long>> written = Optional.empty();
    if (writing != null && writing.isDone()) {
      CompletableFuture<Map<TopicPartition, Long>> done = writing;
      writing = null;
      written = Optional.of(result(done));
    }
    if (writing == null && !pending.isEmpty()) {
      Map<TopicPartition, Long> offsets = Map.copyOf(pending);
      pending.clear();
      writingOffsets = offsets;
      Map<PartitionRef, Long> lagsAfter = lags.apply(offsets);
      writing = CompletableFuture.supplyAsync(() -> write(offsets, lagsAfter), thread);
    }
    return written;
  }

  /**
   * Waits for the write on its way, then writes what is still pending.
   *
   * @return every offset written by the two, to commit
   */
  Map<TopicPartition, Long> flush() {
    Map<TopicPartition, Long> written = new HashMap<>();
    if (writing != null) {
      CompletableFuture<Map<TopicPartition, Long>> running = writing;
      writing = null;
      written.putAll(result(running));
    }
    if (!pending.isEmpty()) {
      Map<TopicPartition, Long> offsets = Map.copyOf(pending);
      pending.clear();
      try {
        write(offsets, lags.apply(offsets)).forEach((partition, offset) -> written.merge(partition, offset, Math::max));
      } catch (RuntimeException e) {
        applied(offsets);
        throw e;
      }
    }
    return written;
  }

  /** Forgets what is pending for partitions this instance no longer owns. */
  void forget(Iterable<TopicPartition> partitions) {
    partitions.forEach(pending::remove);
  }

  private Map<TopicPartition, Long> write(Map<TopicPartition, Long> offsets, Map<PartitionRef, Long> lagsAfter) {
    store.markApplied(Progress.refs(offsets), lagsAfter, clock.instant());
    return offsets;
  }

  /** The offsets a finished write wrote; after a failure, they are pending again. */
  private Map<TopicPartition, Long> result(CompletableFuture<Map<TopicPartition, Long>> write) {
    try {
      return write.join();
    } catch (CompletionException e) {
      applied(writingOffsets); // not lost: written again with the next write
      throw BatchApplier.cause(e);
    }
  }

  @Override
  public void close() {
    thread.shutdown();
  }
}
