package io.tablecast.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DaemonThreadsTest {

  @Test
  void aGentleStopLetsTheRunningTaskFinishUninterruptedAndDropsTheScheduledOnes() throws Exception {
    ScheduledExecutorService scheduler = DaemonThreads.scheduler("test-scheduler");
    CountDownLatch running = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    AtomicInteger later = new AtomicInteger();
    scheduler.execute(() -> {
      running.countDown();
      try {
        Thread.sleep(300); // a storage call under way
      } catch (InterruptedException e) {
        interrupted.set(true);
      }
    });
    scheduler.schedule(later::incrementAndGet, 2, TimeUnit.SECONDS);
    scheduler.scheduleAtFixedRate(later::incrementAndGet, 1, 1, TimeUnit.SECONDS);
    running.await();

    long start = System.nanoTime();
    boolean stopped = DaemonThreads.stopGently(scheduler, Duration.ofSeconds(5));

    assertThat(stopped).isTrue();
    assertThat(interrupted).as("the running task was interrupted").isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).as("waited for the delayed tasks").isLessThan(Duration.ofSeconds(1));
    assertThat(later).hasValue(0);
  }

  @Test
  void aTaskThatOutlivesTheGraceIsInterrupted() throws Exception {
    ScheduledExecutorService scheduler = DaemonThreads.scheduler("test-scheduler");
    CountDownLatch running = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    scheduler.execute(() -> {
      running.countDown();
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        interrupted.set(true);
      }
    });
    running.await();

    assertThat(DaemonThreads.stopGently(scheduler, Duration.ofMillis(100))).isFalse();
    assertThat(scheduler.awaitTermination(2, TimeUnit.SECONDS)).isTrue();
    assertThat(interrupted).isTrue();
  }
}
