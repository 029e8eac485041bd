package io.tablecast.viewstore.adapter.out.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.tablecast.projection.ViewSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PartitionLocksTest {

  private static final ViewSet.Table ROWS = ViewSet.table("Rows");
  private static final ViewSet.Table INDEX = ViewSet.table("Index");

  private final PartitionLocks locks = new PartitionLocks();

  @Test
  void aTurnThatWantsAPartitionAnotherHolds_waitsUntilItIsGivenBack_andThenNobodyIsRemembered() throws Exception {
    PartitionLocks.Held first = acquire(List.of(new Partition(ROWS, "p1"), new Partition(INDEX, "hot")));
    ExecutorService other = Executors.newSingleThreadExecutor();
    Future<PartitionLocks.Held> second = other.submit(() -> acquire(List.of(new Partition(INDEX, "hot"))));

    Thread.sleep(200);
    assertThat(second.isDone()).as("waiting for the partition the first holds").isFalse();
    PartitionLocks.Held unrelated = acquire(List.of(new Partition(ROWS, "p2"), new Partition(INDEX, "cold")));
    unrelated.release();

    first.release();
    first.release(); // given back once
    PartitionLocks.Held taken = second.get(5, TimeUnit.SECONDS);
    other.submit(taken::release).get(5, TimeUnit.SECONDS);
    other.shutdown();

    assertThat(locks.size()).isZero();
  }

  @Test
  void aTurnThatHasWaitedUntilItsDeadline_goesOnHoldingNothing() throws Exception {
    PartitionLocks.Held first = acquire(List.of(new Partition(INDEX, "hot")));
    ExecutorService other = Executors.newSingleThreadExecutor();

    Future<PartitionLocks.Held> second = other.submit(() -> locks.acquire(List.of(new Partition(ROWS, "free"),
        new Partition(INDEX, "hot")), System.nanoTime() + Duration.ofMillis(200).toNanos()));

    assertThat(second.get(5, TimeUnit.SECONDS)).isSameAs(PartitionLocks.Held.NONE);
    assertThat(locks.size()).as("only the first turn's partition, the free one given back").isEqualTo(1);
    first.release();
    other.shutdown();
    assertThat(locks.size()).isZero();
  }

  @Test
  void turnsTakingOverlappingPartitionsInAnyOrder_neverShareOne_andNeverWaitForEachOtherForever() {
    List<Partition> partitions = IntStream.range(0, 6).mapToObj(i -> new Partition(i % 2 == 0 ? ROWS : INDEX, "p" + i)).toList();
    AtomicIntegerArray holders = new AtomicIntegerArray(partitions.size());
    AtomicInteger shared = new AtomicInteger();
    ExecutorService turns = Executors.newFixedThreadPool(8);

    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
      List<Future<?>> running = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        Random random = new Random(t);
        running.add(turns.submit(() -> {
          for (int n = 0; n < 300; n++) {
            List<Integer> wanted = IntStream.range(0, partitions.size()).filter(i -> random.nextInt(3) == 0).boxed().toList();
            List<Partition> anyOrder = new ArrayList<>(wanted.stream().map(partitions::get).toList());
            Collections.shuffle(anyOrder, random);
            PartitionLocks.Held held = acquire(anyOrder);
            wanted.forEach(i -> shared.addAndGet(holders.incrementAndGet(i) > 1 ? 1 : 0));
            wanted.forEach(holders::decrementAndGet);
            held.release();
          }
        }));
      }
      for (Future<?> turn : running) {
        turn.get();
      }
    });
    turns.shutdown();

    assertThat(shared).as("times two turns held one partition").hasValue(0);
    assertThat(locks.size()).isZero();
  }

  /** Takes {@code partitions}, waiting as long as a test may. */
  private PartitionLocks.Held acquire(List<Partition> partitions) {
    return locks.acquire(partitions, System.nanoTime() + Duration.ofMinutes(1).toNanos());
  }
}
