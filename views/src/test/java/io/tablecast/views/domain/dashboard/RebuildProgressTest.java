package io.tablecast.views.domain.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RebuildProgressTest {

  private static CheckpointRow row(int partition, Long applied, long lag, Long loadEnd) {
    return new CheckpointRow("employee-events", partition, applied == null ? OptionalLong.empty() : OptionalLong.of(applied), lag,
        loadEnd == null ? OptionalLong.empty() : OptionalLong.of(loadEnd), Optional.empty());
  }

  @Test
  void duringTheBulkLoadNothingIsAppliedOfTheLoadEnd() {
    RebuildProgress progress = RebuildProgress.of(2, List.of(row(0, null, 0, 400L), row(1, null, 0, 600L)));

    assertThat(progress.applied()).isZero();
    assertThat(progress.end()).isEqualTo(1_000);
    assertThat(progress.percent()).isZero();
  }

  @Test
  void followingTheLogItHasAppliedTheOffsetPlusOneOfThatPlusItsLag() {
    RebuildProgress progress = RebuildProgress.of(2, List.of(row(0, 399L, 100, 400L), row(1, 599L, 0, 600L)));

    assertThat(progress.partitions()).containsExactly(
        new RebuildProgress.PartitionLoad("employee-events", 0, 400, 500), new RebuildProgress.PartitionLoad("employee-events", 1, 600, 600));
    assertThat(progress.percent()).isEqualTo(90);
  }

  @Test
  void aGenerationWithNoCheckpointYetIsAtZeroPercent() {
    assertThat(RebuildProgress.of(3, List.of()).percent()).isZero();
  }
}
