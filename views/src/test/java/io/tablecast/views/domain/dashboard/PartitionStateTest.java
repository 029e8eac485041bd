package io.tablecast.views.domain.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.views.domain.PipelineStatus.PartitionProgress;
import io.tablecast.views.domain.dashboard.PartitionState.Condition;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PartitionStateTest {

  private static final Instant NOW = Instant.parse("2026-11-28T01:00:00Z");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private static PartitionProgress partition(long lag, int progressSecondsAgo, int heartbeatSecondsAgo) {
    return new PartitionProgress("employee-events", 2, lag, NOW.minusSeconds(progressSecondsAgo), NOW.minusSeconds(heartbeatSecondsAgo));
  }

  @Test
  void aBeatingPartitionWithoutLagIsRunning() {
    PartitionState state = PartitionState.of(partition(0, 600, 1), Optional.empty(), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.RUNNING);
    assertThat(state.reason()).isEmpty();
  }

  @Test
  void lagWithoutProgressIsAStallThatSaysHowFarBehindAndForHowLong() {
    PartitionState state = PartitionState.of(partition(12, 45, 1), Optional.empty(), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.STALLED);
    assertThat(state.reason()).isEqualTo("12 record(s) behind and no progress for 45 s");
  }

  @Test
  void aSilentProjectorIsAStallWhateverItsLagSaid() {
    PartitionState state = PartitionState.of(partition(0, 90, 90), Optional.empty(), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.STALLED);
    assertThat(state.reason()).startsWith("the projector has not written this checkpoint for 90 s");
  }

  @Test
  void aPausedPartitionShowsThePausesReasonBeforeAnyStall() {
    PartitionState state = PartitionState.of(partition(5, 90, 1), Optional.of("storage rejected the batch: 400 InvalidInput"), NOW, TIMEOUT);

    assertThat(state.condition()).isEqualTo(Condition.PAUSED);
    assertThat(state.reason()).isEqualTo("storage rejected the batch: 400 InvalidInput");
  }
}
