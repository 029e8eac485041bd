package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.embedded.BoundedStop;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class BoundedStopTest {

  private static final Duration BUDGET = Duration.ofMillis(300);

  @Test
  void aStepThatFinishesInTimeCountsAsStopped() {
    assertThat(BoundedStop.run("quick", BUDGET, () -> { })).isTrue();
  }

  @Test
  void aStepThatHangsIsAbandonedAtItsBudget() {
    CountDownLatch never = new CountDownLatch(1);
    long started = System.nanoTime();

    boolean stopped = BoundedStop.run("stuck", BUDGET, never::await);

    assertThat(stopped).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isBetween(BUDGET, BUDGET.plusSeconds(2));
  }

  @Test
  void aStepThatFailsCountsAsNotStopped() {
    assertThat(BoundedStop.run("failing", BUDGET, () -> {
      throw new IllegalStateException("connection refused");
    })).isFalse();
  }

  @Test
  void anInterruptOfTheCallerNeitherCutsTheWaitShortNorIsLost() {
    Thread.currentThread().interrupt();
    try {
      assertThat(BoundedStop.run("slow", Duration.ofSeconds(5), () -> Thread.sleep(200))).isTrue();
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }
}
