package io.tablecast.projector.adapter.in.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GiveWayTest {

  @Test
  void aWorkerGoesOnAtOnceWhenTheViewsAreNotBehind() throws InterruptedException {
    AtomicInteger asked = new AtomicInteger();
    assertThat(new GiveWay(() -> asked.incrementAndGet() < 0).await(() -> true)).isTrue();

    assertThat(asked).hasValue(1);
  }

  @Test
  void aWorkerWaitsWhileTheViewsAreBehindAndGoesOnWhenTheyCatchUp() throws InterruptedException {
    AtomicInteger asked = new AtomicInteger();
    assertThat(new GiveWay(() -> asked.incrementAndGet() <= 3).await(() -> true)).as("a full batch").isTrue();

    assertThat(asked).as("asked until the views caught up, and no more").hasValue(4);
  }

  @Test
  void aWorkerNeverWaitsLongerThanTheLongestWaitAndThenTakesASingleMessage() throws InterruptedException {
    long started = System.nanoTime();
    assertThat(new GiveWay(() -> true, 500).await(() -> true)).as("a single message").isFalse();

    assertThat((System.nanoTime() - started) / 1_000_000).isBetween(500L, 2_500L);
  }

  @Test
  void aStoppedWorkerStopsWaitingAtOnce() throws InterruptedException {
    AtomicInteger asked = new AtomicInteger();
    long started = System.nanoTime();
    assertThat(new GiveWay(() -> true, 60_000).await(() -> asked.incrementAndGet() < 3)).isFalse();

    assertThat(asked).as("asked whether the worker runs until it stopped").hasValue(3);
    assertThat((System.nanoTime() - started) / 1_000_000).as("not the longest wait").isLessThan(5_000L);
  }
}
