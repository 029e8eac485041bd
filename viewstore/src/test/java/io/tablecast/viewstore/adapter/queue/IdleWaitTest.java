package io.tablecast.viewstore.adapter.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.concurrent.Doorbell;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class IdleWaitTest {

  private final AtomicLong clock = new AtomicLong(1_000_000);
  private final Doorbell bell = new Doorbell();

  private IdleWait rung() {
    return new IdleWait(Arrivals.rungBy(queue -> bell), bell, clock::get);
  }

  /** Receives that found nothing, enough of them for the longest wait. */
  private void longIdle(IdleWait wait) {
    for (int i = 0; i < 20; i++) {
      wait.received(0, clock.get());
    }
  }

  @Test
  void emptyReceivesDoubleTheWaitUpToTheIdleReceiveOfTheArrivals() {
    IdleWait polled = new IdleWait(Arrivals.NONE, bell, clock::get);
    IdleWait woken = rung();

    longIdle(polled);
    longIdle(woken);

    assertThat(polled.next(clock.get())).isEqualTo(1_000);
    assertThat(woken.next(clock.get())).isEqualTo(10_000);
  }

  @Test
  void aReceiveThatFindsMessagesStartsTheWaitAgain() {
    IdleWait wait = rung();
    wait.received(0, clock.get());
    wait.received(0, clock.get());

    wait.received(3, clock.get());
    wait.received(0, clock.get());

    assertThat(wait.next(clock.get())).isEqualTo(2 * IdleWait.FIRST_MILLIS);
  }

  @Test
  void aRingEndsTheWaitAndStartsItAgain() throws InterruptedException {
    IdleWait wait = rung();
    longIdle(wait);
    bell.ring();

    long started = System.nanoTime();
    wait.await();

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    assertThat(wait.next(clock.get())).isEqualTo(IdleWait.FIRST_MILLIS);
  }

  @Test
  void aStoppingWorkerIsWokenAtOnce() throws InterruptedException {
    IdleWait wait = new IdleWait(Arrivals.rungBy(queue -> bell), bell, IdleWait::monotonicMillis);
    longIdle(wait);
    Thread waiter = new Thread(() -> {
      try {
        wait.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    waiter.start();
    Thread.sleep(100);

    wait.wake();

    waiter.join(5_000);
    assertThat(waiter.isAlive()).as("still waiting 5 s after the wake, of a 10-s wait").isFalse();
  }

  @Test
  void aMessageThisWorkerHidEndsTheWaitWhenItIsVisibleAgain() {
    // given a long idle wait and a message hidden for a 2-s backoff
    IdleWait wait = rung();
    longIdle(wait);
    wait.hidden(Duration.ofSeconds(2));

    // then the wait ends just after the backoff, however long it had grown
    assertThat(wait.next(clock.get())).isEqualTo(2_000 + IdleWait.MARGIN_MILLIS);
    clock.addAndGet(2_000);
    assertThat(wait.next(clock.get())).isEqualTo(IdleWait.MARGIN_MILLIS);

    // and once a receive has started after it, the long wait is back
    clock.addAndGet(IdleWait.MARGIN_MILLIS);
    wait.received(0, clock.get());
    assertThat(wait.next(clock.get())).isEqualTo(10_000);
  }

  @Test
  void theEarliestOfSeveralHiddenMessagesComesFirst() {
    IdleWait wait = rung();
    longIdle(wait);
    wait.hidden(Duration.ofSeconds(8));
    wait.hidden(Duration.ofSeconds(1));

    assertThat(wait.next(clock.get())).isEqualTo(1_000 + IdleWait.MARGIN_MILLIS);
    clock.addAndGet(1_000 + IdleWait.MARGIN_MILLIS);
    wait.received(0, clock.get());
    assertThat(wait.next(clock.get())).isEqualTo(7_000);
  }

  @Test
  void aHiddenMessageAlreadyDueIsReceivedAtOnce() {
    IdleWait wait = rung();
    wait.hidden(Duration.ZERO);
    clock.addAndGet(5_000);

    assertThat(wait.next(clock.get())).isZero();
  }
}
