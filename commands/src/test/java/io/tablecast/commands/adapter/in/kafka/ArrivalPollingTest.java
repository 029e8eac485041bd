package io.tablecast.commands.adapter.in.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.adapter.in.kafka.ArrivalPolling.PollTimeout;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ArrivalPollingTest {

  private static final Duration IDLE = Duration.ofMillis(250);
  private static final long MS = 1_000_000L;
  /** Twice a 5-ms commit interval plus one short poll. */
  private static final long BUSY = 12 * MS;

  private final AtomicBoolean running = new AtomicBoolean(true);
  private final PollTimeout timeout = new PollTimeout(BUSY, running::get);

  /** A poll at {@code millis} that returned {@code records}; its timeout. */
  private Duration poll(long millis, int records) {
    Duration next = timeout.next(IDLE, millis * MS);
    timeout.returned(records);
    return next;
  }

  @Test
  void anIdleRunningThreadBlocksForTheRequestedPoll() {
    assertThat(poll(1_000, 0)).isEqualTo(IDLE);
    assertThat(poll(1_250, 0)).isEqualTo(IDLE);
  }

  @Test
  void afterRecordsThePollsStayShortUntilTheirCommitIsCertainlyDue() {
    // given a poll that returned records, processed for 30 ms
    poll(0, 3);

    // then every poll within the busy window after the processing is short
    assertThat(poll(30, 0)).isEqualTo(ArrivalPolling.BUSY_POLL);
    assertThat(poll(41, 0)).isEqualTo(ArrivalPolling.BUSY_POLL);

    // and the first one after it blocks again
    assertThat(poll(42, 0)).isEqualTo(IDLE);
  }

  @Test
  void eachBatchOfRecordsOpensItsOwnWindow() {
    poll(0, 1);
    poll(1, 1);
    poll(2, 0); // the second batch's window runs from here

    assertThat(poll(13, 0)).isEqualTo(ArrivalPolling.BUSY_POLL);
    assertThat(poll(14, 0)).isEqualTo(IDLE);
  }

  @Test
  void untilStreamsRunsEveryPollIsShort() {
    running.set(false);

    assertThat(poll(0, 0)).isEqualTo(ArrivalPolling.BUSY_POLL);

    running.set(true);
    assertThat(poll(1, 0)).isEqualTo(IDLE);
  }

  @Test
  void aShorterRequestIsKept() {
    running.set(false);

    assertThat(timeout.next(Duration.ZERO, 0)).isEqualTo(Duration.ZERO);
  }

  @Test
  void aClockThatStartsNegativeMakesNoWindowOfItsOwn() {
    assertThat(timeout.next(IDLE, Long.MIN_VALUE + 5)).isEqualTo(IDLE);
  }
}
