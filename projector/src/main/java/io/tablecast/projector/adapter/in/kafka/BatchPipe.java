package io.tablecast.projector.adapter.in.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.application.BatchApplier;
import io.tablecast.projector.application.CheckpointStore;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import io.tablecast.viewstore.application.FailureClassifier;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The batches between the consumer and the store: each polled batch is handed to the applier at
 * once, behind those before it, while the {@link CheckpointWriter} marks it in flight in {@code
 * ProjectorCheckpoints}; as they complete, in order, their offsets go to the writer, and the
 * group's offsets follow the checkpoints it has written. After a failure, every batch in flight
 * is let settle, what was applied before it is checkpointed, and the rest is read again from the
 * checkpoints: what this instance had started counts as uncertain ({@link Positions}). Used by
 * the consumer loop's thread only.
 */
final class BatchPipe<E> implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(BatchPipe.class);

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final FailurePolicy policy;
  private final int maxInFlight;
  private final BatchApplier<E> applier;
  private final CheckpointStore checkpoints;
  private final DeadLetters deadLetters;
  private final FailureClassifier failures;
  private final Positions positions;
  private final Progress progress;
  private final EventSource<E> source;
  private final InFlight<E> inFlight = new InFlight<>();
  private final CheckpointWriter writer;
  /** The partitions paused at a record, by policy, and where. */
  private final Map<TopicPartition, Long> stoppedAt = new HashMap<>();
  private final Counter applied;
  private final Counter parked;
  private final Tracing tracing;

  /**
   * @param maxInFlight the events in flight above which the loop waits before it polls again
   * @param tracing whether the trace each event's record carries goes on with the event
   */
  BatchPipe(KafkaConsumer<byte[], byte[]> consumer, EventSource<E> source, FailurePolicy policy, int maxInFlight, BatchApplier<E> applier,
      CheckpointStore checkpoints, DeadLetters deadLetters, FailureClassifier failures, Positions positions, Progress progress,
      MeterRegistry metrics, Clock clock, String name, Tracing tracing) {
    this.tracing = tracing;
    this.consumer = consumer;
    this.source = source;
    this.policy = policy;
    this.maxInFlight = maxInFlight;
    this.applier = applier;
    this.checkpoints = checkpoints;
    this.deadLetters = deadLetters;
    this.failures = failures;
    this.positions = positions;
    this.progress = progress;
    this.writer = new CheckpointWriter(checkpoints, clock, "checkpoints-" + name);
    this.applied = Counter.builder("tablecast.projector.events.applied").description("Events applied").register(metrics);
    this.parked = Counter.builder("tablecast.projector.dlq").description("Records parked on the DLQ").register(metrics);
  }

  boolean isEmpty() {
    return inFlight.isEmpty();
  }

  /** Whether so many events are in flight that the loop should let some complete before polling again. */
  boolean isFull() {
    return inFlight.events() > maxInFlight;
  }

  /** When the oldest batch in flight was handed on ({@link System#nanoTime()}), if any is. */
  OptionalLong oldestInFlightNanos() {
    return inFlight.oldestSubmittedNanos();
  }

  /** Waits a little for the oldest batch in flight. */
  void awaitHead(long millis) {
    inFlight.awaitHead(millis);
  }

  /** The partition's lag as the loop samples it: what is left to read, and what is read but not yet checkpointed. */
  long lag(TopicPartition partition, long toRead) {
    return lag(partition, toRead, positions.window(partition).appliedOffset());
  }

  /** What is left to read, and what is read beyond {@code applied}: the batches still in flight. */
  private long lag(TopicPartition partition, long toRead, long applied) {
    return toRead + Math.max(0, inFlight.startedAt(partition) - applied);
  }

  /**
   * Hands the batch to the applier, behind the batches before it, and asks for its in-flight mark
   * if its work moves rows ({@link EventSource#movesRows()}): its work items wait for that mark. The
   * mark names every record up to the batch's last in each partition, so it covers the hires before
   * it that a next owner must treat as uncertain; batches of other work need none.
   */
  void submit(ConsumerRecords<byte[], byte[]> records) {
    PolledBatch<E> batch = PolledBatch.decode(records, positions::window, source, policy, tracing);
    Map<TopicPartition, Long> upTo = batch.upTo();
    CompletableFuture<Void> marked = batch.events.stream().anyMatch(e -> source.movesRows().test(e.event()))
        ? writer.inFlight(batch.last) : CompletableFuture.completedFuture(null);
    batch.stops.forEach((partition, offset) -> stop(partition, offset, batch.stopReasons.get(partition)));
    inFlight.add(new InFlight.Batch<>(batch, upTo, applier.submit(batch.events, marked)));
  }

  /**
   * Hands the batches applied so far to the checkpoint writer, and commits what it has written.
   *
   * @return whether a checkpoint was written
   */
  boolean settle() {
    if (inFlight.anyFailed()) {
      recover();
    }
    takeApplied();
    Map<TopicPartition, Long> written = writer.poll();
    commit(written);
    return !written.isEmpty();
  }

  /** Parks the records of the batches applied so far, and hands their offsets to the checkpoint writer. */
  private void takeApplied() {
    InFlight.Taken<E> taken = inFlight.takeApplied();
    taken.batches().forEach(this::park);
    // The loop settles every few milliseconds: no lags to compute when nothing completed.
    if (!taken.upTo().isEmpty()) {
      writer.applied(taken.upTo(), lagsAfter(taken.upTo()));
      progress.applied(taken.upTo());
    }
    if (taken.events() > 0) {
      applied.increment(taken.events());
      progress.progressed(); // before the checkpoint says so: whoever reads it never sees a stall that is over
    }
  }

  /**
   * A batch failed: once every batch has settled, checkpoints what was applied before it. A
   * transient failure is rethrown (every batch from the failed one on is read again after a
   * backoff); otherwise the failed batch is applied event by event to isolate the culprits, and
   * the batches after it are read again.
   */
  private void recover() {
    inFlight.awaitAll();
    takeApplied();
    commit(writer.flush());
    InFlight.Batch<E> failed = inFlight.removeHead();
    RuntimeException cause = BatchApplier.cause(failed.applied().handle((ok, e) -> e).join());
    applier.reset();
    if (failures.isTransient(cause)) {
      throw cause;
    }
    BatchApplier.Result<E> result = applier.isolate(failed.events(), cause);
    PolledBatch<E> batch = failed.polled();
    result.deadLetters().forEach(u -> batch.park(u.event().position(), u.reason()));
    result.pausedAt().forEach((ref, u) -> batch.stop(u.event().position(), u.reason()));
    park(batch);
    result.pausedAt().forEach((ref, u) -> {
      TopicPartition partition = new TopicPartition(ref.topic(), ref.partition());
      stop(partition, u.event().position().offset(), u.reason());
    });
    writer.applied(batch.upTo(), lagsAfter(batch.upTo()));
    commit(writer.flush());
    abandon();
  }

  /**
   * Gives up the batches in flight once they have settled: every partition is read again from
   * its last checkpoint, and what this instance had started applying counts as uncertain.
   */
  void abandon() {
    inFlight.awaitAll();
    applier.reset();
    inFlight.started().forEach(positions::uncertainUpTo);
    inFlight.clear();
    for (TopicPartition partition : consumer.assignment()) {
      long next = positions.window(partition).appliedOffset() + 1;
      Long stop = stoppedAt.get(partition);
      if (!positions.isPositioned(partition) || stop != null && next >= stop) {
        continue; // not read yet, or stopped where its checkpoint ends
      }
      if (stop != null) {
        // Stopped ahead of what is applied: read again from the checkpoint, and stop at the same record again.
        stoppedAt.remove(partition);
        progress.resumed(partition);
        consumer.resume(List.of(partition));
      }
      consumer.seek(partition, next);
    }
  }

  /** Before partitions are given up or the loop ends: waits for the batches in flight and checkpoints what they applied. */
  void drain(Collection<TopicPartition> partitions) {
    try {
      inFlight.awaitAll();
      takeApplied();
      commit(writer.flush());
    } catch (RuntimeException e) {
      log.warn("Could not checkpoint the last batches before giving up partitions {}; they will be applied again: {}",
          partitions, failures.describe(e));
    } finally {
      writer.forget(partitions);
      abandon();
    }
  }

  /** The store names these offsets as applied: the group may follow. */
  private void commit(Map<TopicPartition, Long> written) {
    Map<TopicPartition, OffsetAndMetadata> commits = new HashMap<>();
    written.forEach((partition, offset) -> {
      if (consumer.assignment().contains(partition)) {
        commits.put(partition, new OffsetAndMetadata(offset + 1));
        positions.applied(partition, offset);
      }
    });
    if (!commits.isEmpty()) {
      consumer.commitSync(commits);
      progress.progressed();
    }
  }

  private void park(PolledBatch<?> batch) {
    batch.parked.forEach((record, reason) -> {
      deadLetters.park(record, reason);
      parked.increment();
    });
    batch.parked.clear();
  }

  private void stop(TopicPartition partition, long offset, String reason) {
    stoppedAt.put(partition, offset);
    consumer.seek(partition, offset);
    consumer.pause(List.of(partition));
    progress.paused(partition, reason);
    log.error("Partition {} paused at offset {}: {}", partition, offset, reason);
  }

  /** The lags the checkpoints record once these offsets are applied: what is left to read, and what is still in flight. */
  private Map<PartitionRef, Long> lagsAfter(Map<TopicPartition, Long> applied) {
    Map<PartitionRef, Long> lags = new HashMap<>(progress.lags());
    applied.forEach((partition, offset) -> consumer.currentLag(partition)
        .ifPresent(toRead -> lags.put(Progress.ref(partition), lag(partition, toRead, offset))));
    return lags;
  }

  /** Forgets the stops of partitions given up. */
  void revoked(Collection<TopicPartition> partitions) {
    partitions.forEach(stoppedAt::remove);
  }

  @Override
  public void close() {
    writer.close();
  }
}
