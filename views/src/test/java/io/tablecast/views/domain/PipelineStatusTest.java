package io.tablecast.views.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.views.domain.PipelineStatus.PartitionProgress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PipelineStatusTest {

  private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private static PartitionProgress partition(long lag, int progressSecondsAgo, int heartbeatSecondsAgo) {
    return new PartitionProgress("events", 0, lag, NOW.minusSeconds(progressSecondsAgo), NOW.minusSeconds(heartbeatSecondsAgo));
  }

  @Test
  void lagWithoutProgressForTheTimeoutIsAStall() {
    assertThat(PipelineStatus.stalled(List.of(partition(5, 31, 1)), NOW, TIMEOUT)).isTrue();
    assertThat(PipelineStatus.stalled(List.of(partition(5, 29, 1)), NOW, TIMEOUT)).isFalse();
  }

  @Test
  void anIdleProjectorWithNoLagIsNotStalledAsLongAsItBeats() {
    assertThat(PipelineStatus.stalled(List.of(partition(0, 3_600, 2)), NOW, TIMEOUT)).isFalse();
  }

  @Test
  void aProjectorThatStoppedWritingIsStalledWhateverItsLastLagSaid() {
    assertThat(PipelineStatus.stalled(List.of(partition(0, 60, 60)), NOW, TIMEOUT)).isTrue();
  }

  @Test
  void aPartitionWaitingBehindOthersWhileItsProjectorProgressesIsNoStall() {
    PartitionProgress waiting = new PartitionProgress("events", 1, 4, NOW.minusSeconds(161), NOW.minusSeconds(1), OptionalLong.of(21),
        Optional.empty(), Optional.of(NOW.minusSeconds(2)), OptionalDouble.of(0));
    PartitionProgress frozen = new PartitionProgress("events", 1, 4, NOW.minusSeconds(161), NOW.minusSeconds(1), OptionalLong.of(21),
        Optional.empty(), Optional.of(NOW.minusSeconds(31)), OptionalDouble.of(0));

    assertThat(PipelineStatus.stalled(List.of(partition(0, 1, 1), waiting), NOW, TIMEOUT)).isFalse();
    assertThat(PipelineStatus.stalled(List.of(partition(0, 1, 1), frozen), NOW, TIMEOUT)).isTrue();
  }

  @Test
  void oneStalledPartitionIsEnough() {
    assertThat(PipelineStatus.stalled(List.of(partition(0, 1, 1), partition(3, 45, 1)), NOW, TIMEOUT)).isTrue();
  }
}
