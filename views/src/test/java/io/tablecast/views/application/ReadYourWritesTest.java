package io.tablecast.views.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.common.kafka.ConsistencyToken.AggregateVersion;
import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The watcher against an in-memory stand-in for the storage: which reads it makes, and whom it wakes. */
class ReadYourWritesTest {

  private static final Duration LONG = Duration.ofSeconds(30);
  private static final Aggregate SALES = new Aggregate("department", "Sales");

  private final Storage storage = new Storage();
  private final ExecutorService readers = Executors.newCachedThreadPool();
  private ReadYourWrites reads;

  @AfterEach
  void stop() {
    readers.shutdownNow();
    reads.close();
  }

  @Test
  void fiftyReadsOnOneAggregateAreAllAnsweredOnceItIsAppliedWithOneReadOfItPerPass() throws Exception {
    reads = new ReadYourWrites(storage, LONG, Duration.ofMillis(10), Duration.ofMillis(200));
    List<Future<Boolean>> waiting = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      waiting.add(readers.submit(() -> reads.await(new AggregateVersion("department", "Sales", 2))));
    }
    await().until(() -> storage.offsetReads.get() >= 5);
    assertThat(waiting).noneMatch(Future::isDone);

    storage.apply(SALES, 2);

    for (Future<Boolean> read : waiting) {
      assertThat(read.get()).isTrue();
    }
    assertThat(storage.versionReads(SALES)).as("at most one read of the aggregate per pass, whatever the number of reads")
        .isLessThanOrEqualTo(storage.offsetReads.get());
  }

  @Test
  void aWriteThatTheCheckpointsDoNotShowIsStillFoundByTheFallback() throws Exception {
    reads = new ReadYourWrites(storage, LONG, Duration.ofMillis(10), Duration.ofMillis(100));
    Future<Boolean> read = readers.submit(() -> reads.await(new AggregateVersion("department", "Sales", 3)));
    await().until(() -> storage.versionReads(SALES) >= 1);

    storage.versions.put(SALES, 3L); // the row changed, the checkpoints did not

    assertThat(read.get()).isTrue();
  }

  @Test
  void anEventPositionIsAnsweredFromTheCheckpointsWithoutAnyRowRead() throws Exception {
    reads = new ReadYourWrites(storage, LONG, Duration.ofMillis(10), Duration.ofMillis(100));
    Future<Boolean> read = readers.submit(() -> reads.await(new EventPosition("t.events", 0, 12)));
    await().until(() -> storage.offsetReads.get() >= 2);

    storage.offset.set(12);

    assertThat(read.get()).isTrue();
    assertThat(storage.versionReads.values()).allSatisfy(n -> assertThat(n.get()).isZero());
  }

  @Test
  void aWriteNotAppliedWithinTheBoundIsAFalseAnswer() {
    reads = new ReadYourWrites(storage, Duration.ofMillis(100), Duration.ofMillis(10), Duration.ofMillis(50));

    assertThat(reads.await(new AggregateVersion("department", "Sales", 9))).isFalse();
  }

  @Test
  void nothingIsReadWhileNoReadWaits() throws Exception {
    reads = new ReadYourWrites(storage, LONG, Duration.ofMillis(10), Duration.ofMillis(100));
    storage.apply(SALES, 1);
    assertThat(reads.await(new AggregateVersion("department", "Sales", 1))).isTrue();
    Thread.sleep(50); // a pass in flight ends

    long before = storage.offsetReads.get();
    Thread.sleep(200);

    assertThat(storage.offsetReads.get()).isEqualTo(before);
  }

  @Test
  void aFailingStorageIsTriedAgainAndTheReadsStillAnswered() throws Exception {
    reads = new ReadYourWrites(storage, LONG, Duration.ofMillis(10), Duration.ofMillis(100));
    storage.failures.set(5);
    Future<Boolean> read = readers.submit(() -> reads.await(new AggregateVersion("department", "Sales", 1)));

    storage.apply(SALES, 1);

    assertThat(read.get()).isTrue();
  }

  /** Checkpoint offsets and aggregate versions, with the reads made of each. */
  private static final class Storage implements AppliedPositions {
    final AtomicLong offset = new AtomicLong(0);
    final Map<Aggregate, Long> versions = new ConcurrentHashMap<>();
    final AtomicInteger offsetReads = new AtomicInteger();
    final Map<Aggregate, AtomicInteger> versionReads = new ConcurrentHashMap<>();
    final AtomicInteger failures = new AtomicInteger();

    /** As the projector does: the rows first, then the checkpoint. */
    void apply(Aggregate aggregate, long version) {
      versions.put(aggregate, version);
      offset.incrementAndGet();
    }

    int versionReads(Aggregate aggregate) {
      return versionReads.getOrDefault(aggregate, new AtomicInteger()).get();
    }

    @Override
    public AppliedOffsets offsets() {
      offsetReads.incrementAndGet();
      if (failures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        throw new IllegalStateException("storage unavailable");
      }
      return new AppliedOffsets(Map.of("t.events-0", offset.get()));
    }

    @Override
    public OptionalLong version(Aggregate aggregate) {
      versionReads.computeIfAbsent(aggregate, a -> new AtomicInteger()).incrementAndGet();
      Long version = versions.get(aggregate);
      return version == null ? OptionalLong.empty() : OptionalLong.of(version);
    }
  }
}
