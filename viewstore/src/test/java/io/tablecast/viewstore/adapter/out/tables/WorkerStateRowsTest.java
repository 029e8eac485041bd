package io.tablecast.viewstore.adapter.out.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.hr.work.WorkerState;
import io.tablecast.hr.work.WorkerState.IndexEntries;
import io.tablecast.hr.work.WorkerState.LastNameEntry;
import io.tablecast.hr.work.WorkerState.Lease;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkerStateRowsTest {

  @Test
  void aStateRoundTripsThroughItsRowWithHostileNames() {
    WorkerState state = new WorkerState(
        new IndexEntries(Optional.of("a/b#c?d%e@x.io"), Optional.of(new LastNameEntry("Smile😀 \\\"quoted\\\"", "Sales"))),
        Set.of("old@x.io", "older@x.io"), Set.of(new LastNameEntry("lee", "Ops"), new LastNameEntry("l,i", "Sales")),
        Set.of("Ops", "Sales"), 7, Optional.of(new Lease("owner-1", Instant.parse("2026-11-26T10:00:00.123Z"))));

    assertThat(WorkerStateRows.fromRow(WorkerStateRows.toRow(state))).isEqualTo(state);
  }

  @Test
  void aCommittedStateHasNoLeaseNorStaleProperties() {
    WorkerState committed = WorkerState.NONE.intent(new IndexEntries(Optional.of("a@x.io"), Optional.empty()), Set.of(),
        new Lease("me", Instant.EPOCH)).committed(Set.of(), 3);

    assertThat(WorkerStateRows.toRow(committed).properties())
        .doesNotContainKeys("LeaseOwner", "LeaseUntil", "StaleEmails", "StaleLastNames", "ManagedDepartments")
        .containsEntry("EntityType", "WorkerState").containsEntry("Version", 3L);
    assertThat(WorkerStateRows.fromRow(WorkerStateRows.toRow(committed))).isEqualTo(committed);
  }
}
