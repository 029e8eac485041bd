package io.tablecast.projector.application;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CheckpointTest {

  @Test
  void recordsUpToTheAppliedOffsetAreDoneAndTheRestOfTheLastBatchIsUncertain() {
    Checkpoint checkpoint = new Checkpoint(9, 14);

    assertThat(checkpoint.isApplied(9)).isTrue();
    assertThat(checkpoint.isApplied(10)).isFalse();
    assertThat(checkpoint.isUncertain(10)).isTrue();
    assertThat(checkpoint.isUncertain(14)).isTrue();
    assertThat(checkpoint.isUncertain(15)).isFalse();
  }

  @Test
  void withoutACheckpointNothingIsAppliedAndNothingUncertain() {
    assertThat(Checkpoint.NONE.isApplied(0)).isFalse();
    assertThat(Checkpoint.NONE.isUncertain(0)).isFalse();
  }
}
