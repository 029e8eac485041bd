package io.tablecast.views.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.views.domain.PipelineStatus.PartitionProgress;
import io.tablecast.views.domain.PartitionState.Condition;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PartitionStateTest {

  private static final Instant NOW = Instant.parse("2026-11-28T01:00:00Z");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** A row as an older projector wrote it: no projector-wide progress, no rate. */
  private static PartitionProgress partition(long lag, int progressSecondsAgo, int heartbeatSecondsAgo) {
    return new PartitionProgress("employee-events", 2, lag, NOW.minusSeconds(progressSecondsAgo), NOW.minusSeconds(heartbeatSecondsAgo));
  }

  private static PartitionProgress partition(long lag, int progressSecondsAgo, int projectorProgressSecondsAgo, double rate) {
    return partition(lag, progressSecondsAgo, projectorProgressSecondsAgo, rate, Optional.empty());
  }

  private static PartitionProgress partition(long lag, int progressSecondsAgo, int projectorProgressSecondsAgo, double rate,
      Optional<String> paused) {
    return new PartitionProgress("department-events", 0, lag, NOW.minusSeconds(progressSecondsAgo), NOW.minusSeconds(1),
        OptionalLong.of(21), paused, Optional.of(NOW.minusSeconds(projectorProgressSecondsAgo)), OptionalDouble.of(rate));
  }

  @Test
  void aBeatingPartitionWithoutLagIsRunning() {
    PartitionState state = PartitionState.of(partition(0, 600, 1), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.RUNNING);
    assertThat(state.reason()).isEmpty();
  }

  @Test
  void lagWithoutProgressIsAStallThatSaysHowFarBehindAndForHowLong() {
    PartitionState state = PartitionState.of(partition(12, 45, 1), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.STALLED);
    assertThat(state.reason()).isEqualTo("12 records behind and no progress for 45 s");
  }

  @Test
  void aPartitionQueuedBehindOtherWorkWhileItsProjectorProgressesIsBehindNotStalled() {
    PartitionState state = PartitionState.of(partition(4, 161, 2, 0), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.BEHIND);
    assertThat(state.reason()).isEqualTo(
        "4 records behind, waiting 161 s for its turn behind other partitions' work; the projector is progressing");
    assertThat(state.etaSeconds()).isEmpty();
  }

  @Test
  void lagWithNoProgressOfThePartitionNorOfItsProjectorIsAStall() {
    PartitionState state = PartitionState.of(partition(4, 161, 31, 0), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.STALLED);
    assertThat(state.reason()).isEqualTo("4 records behind and no progress for 161 s");
  }

  @Test
  void aBacklogOfSecondsAtItsRateIsBehindWithAnEstimateOfWhenItCatchesUp() {
    PartitionState state = PartitionState.of(partition(1_300, 0, 0, 37.0), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.BEHIND);
    assertThat(state.etaSeconds()).hasValue(36);
    assertThat(state.reason()).isEqualTo("1300 records behind at 37.0/s: caught up in about 36 s");
  }

  @Test
  void aFewRecordsInFlightAtItsRateIsKeepingUp() {
    PartitionState state = PartitionState.of(partition(3, 0, 0, 25.0), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.RUNNING);
    assertThat(state.etaSeconds()).isEmpty();
    assertThat(state.rate()).hasValue(25.0);
  }

  @Test
  void aSilentProjectorIsAStallWhateverItsLagSaid() {
    PartitionState state = PartitionState.of(partition(0, 90, 90), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.STALLED);
    assertThat(state.reason()).startsWith("the projector has not written this checkpoint for 90 s");
  }

  @Test
  void aPausedPartitionShowsThePausesReasonBeforeAnyStall() {
    PartitionState state = PartitionState.of(partition(5, 90, 1, 0, Optional.of("storage rejected the batch: 400 InvalidInput")), NOW,
        TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.PAUSED);
    assertThat(state.reason()).isEqualTo("storage rejected the batch: 400 InvalidInput");
  }
}
