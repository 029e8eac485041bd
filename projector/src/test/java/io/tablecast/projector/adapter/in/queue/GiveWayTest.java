package io.tablecast.projector.adapter.in.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GiveWayTest {

  @Test
  void aWorkerGoesOnAtOnceWhenTheViewsAreNotBehind() throws InterruptedException {
    AtomicInteger asked = new AtomicInteger();
    new GiveWay(() -> asked.incrementAndGet() < 0).await();

    assertThat(asked).hasValue(1);
  }

  @Test
  void aWorkerWaitsWhileTheViewsAreBehindAndGoesOnWhenTheyCatchUp() throws InterruptedException {
    AtomicInteger asked = new AtomicInteger();
    new GiveWay(() -> asked.incrementAndGet() <= 3).await();

    assertThat(asked).as("asked until the views caught up, and no more").hasValue(4);
  }

  @Test
  void aWorkerNeverWaitsLongerThanTheLongestWait() throws InterruptedException {
    long started = System.nanoTime();
    new GiveWay(() -> true).await();

    assertThat((System.nanoTime() - started) / 1_000_000).isBetween(GiveWay.MAX_WAIT_MILLIS, GiveWay.MAX_WAIT_MILLIS * 5);
  }
}
