package io.tablecast.viewstore.adapter.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class GiveWayTest {

  @Test
  void requestsGoAtOnceWhileTheViewsAreNotBehind() {
    GiveWay giveWay = new GiveWay(() -> false, 5);

    long millis = millisFor(50, giveWay);

    assertThat(giveWay.viewsBehind()).isFalse();
    assertThat(millis).as("50 requests, unpaced").isLessThan(1_000L);
  }

  @Test
  void requestsArePacedWhileTheViewsAreBehind() {
    GiveWay giveWay = new GiveWay(() -> true, 10);

    long millis = millisFor(11, giveWay);

    assertThat(giveWay.viewsBehind()).isTrue();
    assertThat(millis).as("11 requests at 10 a second: the first at once, then one every 100 ms").isBetween(900L, 5_000L);
  }

  @Test
  void thePaceEndsAsSoonAsTheViewsCatchUp() {
    AtomicBoolean behind = new AtomicBoolean(true);
    GiveWay giveWay = new GiveWay(behind::get, 2);
    millisFor(2, giveWay);

    behind.set(false);

    assertThat(millisFor(50, giveWay)).isLessThan(1_000L);
  }

  private static long millisFor(int requests, GiveWay giveWay) {
    long started = System.nanoTime();
    for (int i = 0; i < requests; i++) {
      giveWay.awaitTurn();
    }
    return (System.nanoTime() - started) / 1_000_000;
  }
}
