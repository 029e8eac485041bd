package io.tablecast.projector.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LanesTest {

  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private final Map<String, List<List<Integer>>> turns = new ConcurrentHashMap<>();

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void aLaneAppliesItsItemsInOrderAndTakesWhatArrivedDuringATurnInOneTurn() throws Exception {
    CountDownLatch firstTurnRuns = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Lanes<String, Integer> lanes = new Lanes<>(pool, 100, (key, items) -> {
      turns.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(items);
      if (items.contains(0)) {
        firstTurnRuns.countDown();
        await(release);
      }
    });

    List<CompletableFuture<Void>> done = new ArrayList<>();
    done.add(lanes.submit("a", 0));
    assertThat(firstTurnRuns.await(5, TimeUnit.SECONDS)).isTrue();
    for (int i = 1; i <= 5; i++) {
      done.add(lanes.submit("a", i));
    }
    release.countDown();
    CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(5, TimeUnit.SECONDS);

    assertThat(turns.get("a")).containsExactly(List.of(0), List.of(1, 2, 3, 4, 5));
  }

  @Test
  void aSlowLaneHoldsBackNoOtherLane() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    Lanes<String, Integer> lanes = new Lanes<>(pool, 100, (key, items) -> {
      if (key.equals("slow")) {
        await(release);
      }
    });

    CompletableFuture<Void> slow = lanes.submit("slow", 1);
    lanes.submit("fast", 2).get(5, TimeUnit.SECONDS);

    assertThat(slow).isNotDone();
    release.countDown();
    slow.get(5, TimeUnit.SECONDS);
  }

  @Test
  void afterAFailedTurnNothingOfItsLaneRunsUntilReset() throws Exception {
    List<Integer> ran = new CopyOnWriteArrayList<>();
    Lanes<String, Integer> lanes = new Lanes<>(pool, 1, (key, items) -> {
      if (items.contains(1)) {
        throw new IllegalStateException("boom");
      }
      ran.addAll(items);
    });

    CompletableFuture<Void> failed = lanes.submit("a", 1);
    CompletableFuture<Void> behind = lanes.submit("a", 2);
    CompletableFuture<Void> other = lanes.submit("b", 3);
    other.get(5, TimeUnit.SECONDS);
    assertThatThrownBy(() -> failed.get(5, TimeUnit.SECONDS)).hasRootCauseMessage("boom");
    assertThatThrownBy(() -> behind.get(5, TimeUnit.SECONDS)).hasRootCauseMessage("boom");
    assertThatThrownBy(() -> lanes.submit("a", 4).get(5, TimeUnit.SECONDS)).hasRootCauseMessage("boom");
    assertThat(ran).containsExactly(3);

    lanes.reset();
    lanes.submit("a", 5).get(5, TimeUnit.SECONDS);
    assertThat(ran).containsExactly(3, 5);
  }

  @Test
  void aTurnTakesNoMoreThanItsLimit() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    Lanes<String, Integer> lanes = new Lanes<>(pool, 2, (key, items) -> {
      turns.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(items);
      await(release);
    });

    List<CompletableFuture<Void>> done = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      done.add(lanes.submit("a", i));
    }
    release.countDown();
    CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(5, TimeUnit.SECONDS);

    assertThat(turns.get("a")).allSatisfy(turn -> assertThat(turn).hasSizeLessThanOrEqualTo(2));
    assertThat(turns.get("a").stream().flatMap(List::stream)).containsExactly(0, 1, 2, 3, 4);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
