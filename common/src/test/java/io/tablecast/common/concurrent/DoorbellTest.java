package io.tablecast.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DoorbellTest {

  private final Doorbell bell = new Doorbell();

  @Test
  void aWaitWithoutARingEndsWhenItsTimeIsUp() throws InterruptedException {
    long started = System.nanoTime();
    assertThat(bell.await(50)).isFalse();
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isGreaterThanOrEqualTo(49);
  }

  @Test
  void aRingWhileNobodyWaitsEndsTheNextWaitAtOnceAndOnlyThatOne() throws InterruptedException {
    bell.ring();
    bell.ring();
    assertThat(bell.await(10_000)).isTrue();
    assertThat(bell.await(20)).as("rings are not counted").isFalse();
  }

  @Test
  void aRingWakesAWaiterLongBeforeItsTimeIsUp() throws Exception {
    CompletableFuture<Long> waited = CompletableFuture.supplyAsync(() -> {
      long started = System.nanoTime();
      try {
        assertThat(bell.await(30_000)).isTrue();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    });
    Thread.sleep(100);
    bell.ring();
    assertThat(waited.get(10, TimeUnit.SECONDS)).isLessThan(5_000);
  }
}
