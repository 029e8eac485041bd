package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckpointLayoutTest {

  @Test
  void anIdlePartitionHasTheLagItsRowSays() {
    assertThat(CheckpointLayout.lag(row(0L, 41L, 41L)::get)).isZero();
    assertThat(CheckpointLayout.lag(row(7L, 41L, 41L)::get)).isEqualTo(7);
  }

  @Test
  void aBatchInFlightCountsAsLagEvenWhenTheLagMeasuredAtItsPollWasZero() {
    assertThat(CheckpointLayout.lag(row(0L, 41L, 141L)::get)).isEqualTo(100);
    assertThat(CheckpointLayout.lag(row(0L, null, 99L)::get)).as("the first batch").isEqualTo(100);
    assertThat(CheckpointLayout.lag(row(500L, 41L, 141L)::get)).isEqualTo(500);
  }

  @Test
  void aRowWithoutOffsetsHasNoLagButWhatItSays() {
    assertThat(CheckpointLayout.lag(row(null, null, null)::get)).isZero();
    assertThat(CheckpointLayout.lag(row(3L, null, null)::get)).isEqualTo(3);
  }

  private static Map<String, Object> row(Long lag, Long applied, Long inFlight) {
    Map<String, Object> row = new HashMap<>();
    row.put(CheckpointLayout.LAG, lag);
    row.put(CheckpointLayout.APPLIED_OFFSET, applied);
    row.put(CheckpointLayout.IN_FLIGHT_OFFSET, inFlight);
    return row;
  }
}
