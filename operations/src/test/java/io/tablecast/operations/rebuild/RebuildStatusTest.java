package io.tablecast.operations.rebuild;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.operations.rebuild.RebuildStatus.Checkpoint;
import io.tablecast.operations.rebuild.RebuildStatus.LogRange;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RebuildStatusTest {

  private static final Instant NOW = Instant.parse("2026-11-26T08:00:00Z");
  private static final Map<String, LogRange> LOG = Map.of("emp-0", new LogRange(0, 100), "emp-1", new LogRange(10, 60), "dept-0", new LogRange(0, 0));

  @Test
  void countsTheRecordsPassedAgainstTheWholeLog() {
    RebuildStatus status = RebuildStatus.of(LOG, Map.of("emp-0", fresh(49, 5), "emp-1", fresh(19, 3)), Map.of(), 0, 0, NOW);

    assertThat(status.applied()).isEqualTo(50 + 10);
    assertThat(status.total()).isEqualTo(150);
    assertThat(status.caughtUp()).isFalse();
    assertThat(status.waitingFor()).isEqualTo("catching up with the log");
  }

  @Test
  void isReadyWhenEveryPartitionHasNoLagHasPassedTheLiveGenerationAndTheQueuesAreEmpty() {
    Map<String, Checkpoint> pending = Map.of("emp-0", fresh(99, 0), "emp-1", fresh(59, 0), "dept-0", fresh(-1, 0));

    RebuildStatus status = RebuildStatus.of(LOG, pending, Map.of("emp-0", 99L, "emp-1", 59L), 0, 0, NOW);

    assertThat(status.readyToFlip()).isTrue();
    assertThat(status.applied()).isEqualTo(status.total());
    assertThat(status.waitingFor()).isEmpty();
  }

  @Test
  void aPartitionWithoutACheckpointIsNotCaughtUp() {
    RebuildStatus status = RebuildStatus.of(LOG, Map.of("emp-0", fresh(99, 0), "emp-1", fresh(59, 0)), Map.of(), 0, 0, NOW);

    assertThat(status.caughtUp()).isFalse();
  }

  @Test
  void aStaleCheckpointSaysNothingAboutTheLagNow() {
    Checkpoint stale = new Checkpoint(99, 0, NOW.minus(RebuildStatus.FRESH).minusSeconds(1));
    Map<String, Checkpoint> pending = Map.of("emp-0", stale, "emp-1", fresh(59, 0), "dept-0", fresh(-1, 0));

    assertThat(RebuildStatus.of(LOG, pending, Map.of(), 0, 0, NOW).caughtUp()).isFalse();
  }

  @Test
  void waitsWhileTheLiveGenerationHasAppliedMore() {
    Map<String, Checkpoint> pending = Map.of("emp-0", fresh(97, 0), "emp-1", fresh(59, 0), "dept-0", fresh(-1, 0));

    assertThat(RebuildStatus.of(LOG, pending, Map.of("emp-0", 99L), 0, 0, NOW).caughtUp()).isFalse();
  }

  @Test
  void waitsForQueuedWorkAndRefusesToFlipOverParkedWork() {
    Map<String, Checkpoint> pending = Map.of("emp-0", fresh(99, 0), "emp-1", fresh(59, 0), "dept-0", fresh(-1, 0));

    RebuildStatus queued = RebuildStatus.of(LOG, pending, Map.of(), 4, 0, NOW);
    RebuildStatus parked = RebuildStatus.of(LOG, pending, Map.of(), 0, 2, NOW);

    assertThat(queued.caughtUp()).isTrue();
    assertThat(queued.readyToFlip()).isFalse();
    assertThat(queued.waitingFor()).isEqualTo("4 queued work item message(s)");
    assertThat(parked.readyToFlip()).isFalse();
    assertThat(parked.waitingFor()).startsWith("2 message(s) parked");
  }

  private static Checkpoint fresh(long applied, long lag) {
    return new Checkpoint(applied, lag, NOW.minusSeconds(1));
  }
}
