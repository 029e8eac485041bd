package io.tablecast.workers.application.work;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.hr.work.WorkerState;
import io.tablecast.hr.work.WorkerState.IndexEntries;
import io.tablecast.hr.work.WorkerState.Lease;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LeaseOwnersTest {

  private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");

  private static WorkerState leasedBy(String owner) {
    return WorkerState.NONE.intent(IndexEntries.NONE, Set.of(), new Lease(owner, NOW.plusSeconds(180)));
  }

  @Test
  void eachAttemptIsAnOwnerOfItsOwnWithinItsInstance() {
    LeaseOwners owners = new LeaseOwners("run-2", Optional.empty());

    String first = owners.newAttempt();
    String second = owners.newAttempt();

    assertThat(first).startsWith("run-2/").isNotEqualTo(second);
    assertThat(owners.heldByOther(leasedBy(first), second, NOW)).as("two workers of one process exclude each other").isTrue();
    assertThat(owners.heldByOther(leasedBy(first), first, NOW)).isFalse();
  }

  @Test
  void theLeasesOfADeadInstanceAreVoidAtOnce_andNoOtherInstancesLeases() {
    LeaseOwners owners = new LeaseOwners("run-2", Optional.of("run-1"));
    String mine = owners.newAttempt();

    assertThat(owners.heldByOther(leasedBy("run-1/0b5e"), mine, NOW)).isFalse();
    assertThat(owners.heldByOther(leasedBy("run-11/0b5e"), mine, NOW)).as("another instance whose id starts alike").isTrue();
    assertThat(owners.heldByOther(leasedBy("worker-3/0b5e"), mine, NOW)).isTrue();
    assertThat(owners.heldByOther(leasedBy("run-1/0b5e"), mine, NOW.plusSeconds(181))).isFalse();
  }
}
