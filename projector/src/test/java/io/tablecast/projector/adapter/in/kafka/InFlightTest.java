package io.tablecast.projector.adapter.in.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class InFlightTest {

  private static final TopicPartition A = new TopicPartition("events", 0);
  private static final TopicPartition B = new TopicPartition("events", 1);

  private final InFlight<Object> inFlight = new InFlight<>();

  private CompletableFuture<Void> add(Map<TopicPartition, Long> upTo) {
    CompletableFuture<Void> applied = new CompletableFuture<>();
    inFlight.add(new InFlight.Batch<>(new PolledBatch<>(), upTo, applied));
    return applied;
  }

  @Test
  void aBatchThatCompletesAheadOfAnEarlierOneIsHandedOnOnlyWithIt() {
    CompletableFuture<Void> first = add(Map.of(A, 10L, B, 4L));
    CompletableFuture<Void> second = add(Map.of(A, 20L));

    second.complete(null);
    assertThat(inFlight.takeApplied().upTo()).as("nothing applied before the first batch").isEmpty();

    first.complete(null);
    assertThat(inFlight.takeApplied().upTo()).isEqualTo(Map.of(A, 20L, B, 4L));
    assertThat(inFlight.isEmpty()).isTrue();
  }

  @Test
  void aFailedBatchHoldsBackEveryBatchBehindIt() {
    CompletableFuture<Void> first = add(Map.of(A, 10L));
    CompletableFuture<Void> second = add(Map.of(A, 20L));
    CompletableFuture<Void> third = add(Map.of(A, 30L));

    first.complete(null);
    second.completeExceptionally(new IllegalStateException("storage"));
    third.complete(null);

    assertThat(inFlight.takeApplied().upTo()).isEqualTo(Map.of(A, 10L));
    assertThat(inFlight.anyFailed()).isTrue();
    assertThat(inFlight.failedHead()).isPresent();
    assertThat(inFlight.takeApplied().upTo()).isEmpty();
    assertThat(inFlight.startedAt(A)).as("the offsets started count as uncertain after a failure").isEqualTo(30L);
  }

  @Test
  void theViewsAgeIsTheOldestBatchNotYetTakenWhateverCompletedBehindIt() {
    assertThat(inFlight.oldestSubmittedNanos()).as("nothing in flight").isEmpty();
    CompletableFuture<Void> first = new CompletableFuture<>();
    inFlight.add(new InFlight.Batch<>(new PolledBatch<>(), Map.of(A, 10L), first, 100));
    CompletableFuture<Void> second = new CompletableFuture<>();
    inFlight.add(new InFlight.Batch<>(new PolledBatch<>(), Map.of(A, 20L), second, 200));

    second.complete(null);
    inFlight.takeApplied();
    assertThat(inFlight.oldestSubmittedNanos()).as("the first batch still waits").hasValue(100);

    first.complete(null);
    inFlight.takeApplied();
    assertThat(inFlight.oldestSubmittedNanos()).isEmpty();
  }
}
