package io.tablecast.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GroupCommitTest {

  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final List<List<Integer>> writes = new ArrayList<>();

  @AfterEach
  void stop() {
    executor.shutdownNow();
  }

  @Test
  void valuesThatArriveWhileAWriteIsOnItsWayGoTogetherInTheNextWrite() throws Exception {
    CountDownLatch firstStarted = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    GroupCommit<Integer> commit = new GroupCommit<>(values -> {
      synchronized (writes) {
        writes.add(List.copyOf(values));
      }
      firstStarted.countDown();
      await(release);
    }, executor);

    CompletableFuture<Void> first = commit.add(List.of(1));
    assertThat(firstStarted.await(5, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<Void> second = commit.add(List.of(2, 3));
    CompletableFuture<Void> third = commit.add(List.of(4));
    assertThat(second).isNotDone();
    release.countDown();
    CompletableFuture.allOf(first, second, third).get(5, TimeUnit.SECONDS);

    assertThat(writes).containsExactly(List.of(1), List.of(2, 3, 4));
  }

  @Test
  void aFailedWriteFailsEveryValueItCarried_andTheNextValuesAreWrittenAfresh() throws Exception {
    GroupCommit<Integer> commit = new GroupCommit<>(values -> {
      if (values.contains(13)) {
        throw new IllegalStateException("unlucky");
      }
      synchronized (writes) {
        writes.add(List.copyOf(values));
      }
    }, executor);

    CompletableFuture<Void> failed = commit.add(List.of(13));
    assertThatThrownBy(() -> failed.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).hasMessageContaining("unlucky");
    commit.add(List.of(14)).get(5, TimeUnit.SECONDS);

    assertThat(writes).containsExactly(List.of(14));
  }

  @Test
  void valuesAddedOnceTheExecutorIsShutDownFailAtOnce_insteadOfWaitingForever() {
    GroupCommit<Integer> commit = new GroupCommit<>(values -> writes.add(List.copyOf(values)), executor);
    executor.shutdown();

    assertThat(commit.add(List.of(1))).isCompletedExceptionally();
    assertThat(commit.add(List.of(2))).as("the next add tries again, and fails alike").isCompletedExceptionally();
    assertThat(writes).isEmpty();
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
