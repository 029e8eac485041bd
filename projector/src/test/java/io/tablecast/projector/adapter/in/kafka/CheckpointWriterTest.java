package io.tablecast.projector.adapter.in.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tablecast.projector.application.Checkpoint;
import io.tablecast.projector.application.CheckpointStore;
import io.tablecast.projector.application.PartitionRef;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CheckpointWriterTest {

  private static final TopicPartition A = new TopicPartition("events", 0);
  private static final TopicPartition B = new TopicPartition("events", 1);
  private static final PartitionRef REF_A = new PartitionRef("events", 0);
  private static final PartitionRef REF_B = new PartitionRef("events", 1);

  private final GatedStore store = new GatedStore();
  private final CheckpointWriter writer = new CheckpointWriter(store, Clock.systemUTC(), "checkpoints-test");

  @AfterEach
  void close() {
    store.gate.release(100);
    writer.close();
  }

  @Test
  void marksAskedForWhileAWriteIsOnItsWayGoTogetherInTheNextWrite() {
    CompletableFuture<Void> first = writer.inFlight(Map.of(A, 10L));
    await().until(() -> store.started.size() == 1);

    CompletableFuture<Void> second = writer.inFlight(Map.of(A, 20L, B, 5L));
    writer.applied(Map.of(A, 10L), Map.of(REF_A, 7L));
    CompletableFuture<Void> third = writer.inFlight(Map.of(B, 8L));
    assertThat(first).as("in flight until its write returned").isNotDone();

    store.gate.release(2);
    CompletableFuture.allOf(first, second, third).join();
    assertThat(store.written).containsExactly(
        new Write(Map.of(REF_A, 10L), Map.of(), Map.of()),
        new Write(Map.of(REF_A, 20L, REF_B, 8L), Map.of(REF_A, 10L), Map.of(REF_A, 7L)));
    assertThat(writer.poll()).isEqualTo(Map.of(A, 10L));
    assertThat(writer.poll()).as("handed on once").isEmpty();
  }

  @Test
  void aFailedWriteFailsTheBatchesWaitingForItsMarksAndKeepsItsAppliedOffsetsForTheNextWrite() {
    store.failNext.set(new IllegalStateException("storage down"));
    writer.applied(Map.of(A, 10L), Map.of());
    CompletableFuture<Void> marked = writer.inFlight(Map.of(A, 20L));
    store.gate.release(1);

    assertThatThrownBy(marked::join).hasRootCauseMessage("storage down");
    await().untilAsserted(() -> assertThatThrownBy(writer::poll).hasMessage("storage down"));
    assertThat(writer.poll()).as("the failure is reported once").isEmpty();

    store.gate.release(1);
    assertThat(writer.flush()).isEqualTo(Map.of(A, 10L));
    assertThat(store.written).containsExactly(new Write(Map.of(), Map.of(REF_A, 10L), Map.of(REF_A, 0L)));
  }

  @Test
  void flushReturnsOnceEverythingAskedForIsWritten() throws Exception {
    writer.applied(Map.of(A, 3L), Map.of());
    await().until(() -> store.started.size() == 1);
    writer.applied(Map.of(B, 4L), Map.of());

    CompletableFuture<Map<TopicPartition, Long>> flushed = CompletableFuture.supplyAsync(writer::flush);
    assertThat(flushed).isNotDone();
    store.gate.release(2);

    assertThat(flushed.get(10, TimeUnit.SECONDS)).isEqualTo(Map.of(A, 3L, B, 4L));
  }

  @Test
  void appliedMarksAloneWaitForTheSpacing_andGoAtOnceWithTheNextInFlightMark() throws Exception {
    try (CheckpointWriter spaced = new CheckpointWriter(store, Clock.systemUTC(), "checkpoints-spaced", Duration.ofSeconds(30))) {
      store.gate.release(100);
      spaced.inFlight(Map.of(A, 10L)).get(10, TimeUnit.SECONDS);

      spaced.applied(Map.of(A, 10L), Map.of());
      Thread.sleep(300);
      assertThat(store.written).as("applied marks alone, within the spacing").hasSize(1);

      spaced.inFlight(Map.of(A, 20L)).get(10, TimeUnit.SECONDS);
      assertThat(store.written).containsExactly(
          new Write(Map.of(REF_A, 10L), Map.of(), Map.of()),
          new Write(Map.of(REF_A, 20L), Map.of(REF_A, 10L), Map.of(REF_A, 0L)));

      spaced.applied(Map.of(A, 20L), Map.of());
      assertThat(spaced.flush()).as("a flush does not wait for the spacing").isEqualTo(Map.of(A, 20L));
    }
  }

  private record Write(Map<PartitionRef, Long> inFlight, Map<PartitionRef, Long> applied, Map<PartitionRef, Long> lags) {}

  /** Records the writes; each waits for a permit, so that the test decides when a write returns. */
  private static final class GatedStore implements CheckpointStore {
    final Semaphore gate = new Semaphore(0);
    final List<Write> started = new CopyOnWriteArrayList<>();
    final List<Write> written = new CopyOnWriteArrayList<>();
    final AtomicReference<RuntimeException> failNext = new AtomicReference<>();

    @Override
    public void mark(Map<PartitionRef, Long> inFlight, Map<PartitionRef, Long> applied, Map<PartitionRef, Long> lags, Instant at) {
      Map<PartitionRef, Long> lagsWritten = new java.util.HashMap<>();
      applied.keySet().forEach(p -> lagsWritten.put(p, lags.getOrDefault(p, 0L)));
      Write write = new Write(Map.copyOf(inFlight), Map.copyOf(applied), Map.copyOf(lagsWritten));
      started.add(write);
      gate.acquireUninterruptibly();
      RuntimeException failure = failNext.getAndSet(null);
      if (failure != null) {
        throw failure;
      }
      written.add(write);
    }

    @Override
    public Map<PartitionRef, Checkpoint> load(Collection<PartitionRef> partitions) {
      return Map.of();
    }

    @Override
    public void heartbeat(Heartbeat heartbeat, Instant at) {}
  }
}
