package io.tablecast.views.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.kafka.ConsistencyToken.AggregateVersion;
import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WaitersTest {

  private static final Aggregate SALES = new Aggregate("department", "Sales");
  private static final Aggregate ANN = new Aggregate("employee", "00000007");

  private final Waiters waiters = new Waiters();

  private static AggregateVersion token(Aggregate aggregate, long version) {
    return new AggregateVersion(aggregate.kind(), aggregate.id(), version);
  }

  @Test
  void oneVersionAnswersEveryReadWaitingOnItsAggregateUpToThatVersion() {
    Waiters.Waiter two = waiters.add(token(ANN, 2));
    Waiters.Waiter three = waiters.add(token(ANN, 3));
    Waiters.Waiter five = waiters.add(token(ANN, 5));

    waiters.settle(ANN, OptionalLong.of(3));

    assertThat(two.done()).isCompleted();
    assertThat(three.done()).isCompleted();
    assertThat(five.done()).isNotCompleted();
    assertThat(waiters.size()).isEqualTo(1);
  }

  @Test
  void manyReadsOnOneAggregateAskForOneReadOfIt() {
    IntStream.rangeClosed(1, 100).forEach(i -> waiters.add(token(SALES, i)));
    waiters.add(token(ANN, 1));

    assertThat(waiters.toRead(false)).containsExactlyInAnyOrder(SALES, ANN);
  }

  @Test
  void anAggregateIsReadForItsNewReadsThenOnlyWhenEverythingIsRead() {
    waiters.add(token(SALES, 4));
    assertThat(waiters.toRead(false)).containsExactly(SALES);
    assertThat(waiters.toRead(false)).as("nothing new, nothing moved").isEmpty();

    waiters.add(token(SALES, 5));
    assertThat(waiters.toRead(false)).containsExactly(SALES);
    assertThat(waiters.toRead(true)).as("after a movement, or at the fallback").containsExactly(SALES);
  }

  @Test
  void aRowNotThereYetAnswersNoOne() {
    Waiters.Waiter waiting = waiters.add(token(SALES, 1));

    waiters.settle(SALES, OptionalLong.empty());
    waiters.settle(ANN, OptionalLong.of(9));

    assertThat(waiting.done()).isNotCompleted();
  }

  @Test
  void eventPositionsAreAnsweredByTheCheckpointsAloneAndNeedNoRowRead() {
    Waiters.Waiter applied = waiters.add(new EventPosition("t.events", 1, 41));
    Waiters.Waiter ahead = waiters.add(new EventPosition("t.events", 1, 42));
    Waiters.Waiter otherPartition = waiters.add(new EventPosition("t.events", 2, 0));

    waiters.settle(new AppliedOffsets(Map.of("t.events-1", 41L)));

    assertThat(applied.done()).isCompleted();
    assertThat(List.of(ahead.done(), otherPartition.done())).allSatisfy(f -> assertThat(f).isNotCompleted());
    assertThat(waiters.toRead(true)).isEmpty();
  }

  @Test
  void aReadThatGaveUpIsForgotten() {
    Waiters.Waiter gaveUp = waiters.add(token(SALES, 3));
    Waiters.Waiter position = waiters.add(new EventPosition("t.events", 0, 7));

    waiters.remove(gaveUp);
    waiters.remove(position);

    assertThat(waiters.isEmpty()).isTrue();
    assertThat(waiters.toRead(true)).isEmpty();
  }
}
