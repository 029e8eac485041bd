package io.tablecast.hr.work;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.work.EmployeeLocator;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState;
import io.tablecast.hr.work.WorkerState.IndexEntries;
import io.tablecast.hr.work.WorkerState.LastNameEntry;
import io.tablecast.hr.work.WorkerState.Lease;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class WorkerStateTest {

  private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
  private static final Lease LEASE = new Lease("me", NOW.plusSeconds(180));

  private static Optional<ViewEntity> truth(EmployeeEvent... history) {
    return EmployeeLocator.fold(Optional.empty(), List.of(history));
  }

  private static IndexEntries entries(String email, String lastName, String department) {
    return new IndexEntries(Optional.of(email), Optional.of(new LastNameEntry(lastName, department)));
  }

  @Nested
  class TheEntriesTheTruthCallsFor {

    @Test
    void anActiveEmployeeIsIndexedByItsAddressAndLastNameInItsDepartment_lowerCased() {
      assertThat(IndexEntries.of(truth(hired(7, "Sales", "Ann", "Lee", "Ann@X.io"), transferred(7, 2, "Sales", "Ops"))))
          .isEqualTo(entries("ann@x.io", "lee", "Ops"));
    }

    @Test
    void anArchivedOrUnknownEmployeeIsIndexedNowhere() {
      assertThat(IndexEntries.of(truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), archived(7, 2, "Sales", null)))).isEqualTo(IndexEntries.NONE);
      assertThat(IndexEntries.of(Optional.empty())).isEqualTo(IndexEntries.NONE);
    }
  }

  @Nested
  class TheIntent {

    private final WorkerState committed =
        new WorkerState(entries("a@x.io", "lee", "Sales"), Set.of(), Set.of(), Set.of("Ops"), 3, Optional.empty());

    @Test
    void marksEveryEntryTheTruthNoLongerCallsForAsStaleAndTakesTheLease() {
      WorkerState intent = committed.intent(entries("b@x.io", "li", "Sales"), Set.of("R&D"), LEASE);

      assertThat(intent.indexed()).isEqualTo(entries("b@x.io", "li", "Sales"));
      assertThat(intent.staleEmails()).containsExactly("a@x.io");
      assertThat(intent.staleLastNames()).containsExactly(new LastNameEntry("lee", "Sales"));
      assertThat(intent.managedDepartments()).containsExactlyInAnyOrder("Ops", "R&D");
      assertThat(intent.lease()).contains(LEASE);
      assertThat(intent.committed()).isFalse();
    }

    @Test
    void managingMoreDepartmentsKeepsEverythingElseAndStillNeedsTheTruth() {
      WorkerState managing = WorkerState.NONE.managing(Set.of("Ops"));

      assertThat(managing.managedDepartments()).containsExactly("Ops");
      assertThat(managing.committed()).isTrue();
      assertThat(managing.settled(IndexEntries.NONE, Set.of("Ops"), 1)).as("the hire's item still has work").isFalse();
      assertThat(committed.managing(Set.of("R&D")).managedDepartments()).containsExactlyInAnyOrder("Ops", "R&D");
      assertThat(committed.managing(Set.of("R&D")).indexed()).isEqualTo(committed.indexed());
    }

    @Test
    void ofAWorkerThatDiedKeepsWhatItMayHaveWrittenAsStale() {
      WorkerState dead = committed.intent(entries("b@x.io", "li", "Ops"), Set.of(), new Lease("dead", NOW.minusSeconds(1)));

      WorkerState next = dead.intent(entries("c@x.io", "lee", "Sales"), Set.of(), LEASE);

      assertThat(next.staleEmails()).containsExactlyInAnyOrder("a@x.io", "b@x.io");
      assertThat(next.staleLastNames()).containsExactly(new LastNameEntry("li", "Ops"));
    }

    @Test
    void takesTheEntriesAnUnrecordedHireMayHaveWrittenAsStale_unlessTheTruthStillCallsForThem() {
      WorkerState moved = committed.mayAlsoHold(entries("h@x.io", "hu", "Sales"), entries("a@x.io", "lee", "Sales"));
      assertThat(moved.staleEmails()).containsExactly("h@x.io");
      assertThat(moved.staleLastNames()).containsExactly(new LastNameEntry("hu", "Sales"));
      assertThat(moved.settled(entries("a@x.io", "lee", "Sales"), Set.of(), 3)).as("the hire's entries are still to remove").isFalse();

      WorkerState same = committed.mayAlsoHold(entries("A@x.io", "Lee", "Sales"), entries("a@x.io", "lee", "Sales"));
      assertThat(same).isEqualTo(committed);
      assertThat(same.settled(entries("a@x.io", "lee", "Sales"), Set.of(), 3)).as("a duplicate hire has nothing to do").isTrue();

      assertThat(moved.intent(entries("a@x.io", "lee", "Sales"), Set.of(), LEASE).staleEmails()).containsExactly("h@x.io");
    }

    @Test
    void neverCallsTheDesiredEntriesStaleWhateverTheirLetterCase() {
      WorkerState intent = committed.intent(entries("A@X.io", "LEE", "Sales"), Set.of(), LEASE);
      assertThat(intent.staleEmails()).isEmpty();
      assertThat(intent.staleLastNames()).isEmpty();
    }
  }

  @Nested
  class Leases {

    @Test
    void holdUntilTheirInstantForEveryoneButTheirOwner() {
      WorkerState held = WorkerState.NONE.intent(IndexEntries.NONE, Set.of(), LEASE);
      assertThat(held.heldByOtherAt("you", NOW)).isTrue();
      assertThat(held.heldByOtherAt("me", NOW)).isFalse();
      assertThat(held.heldByOtherAt("you", LEASE.until())).isFalse();
    }

    @Test
    void aReleasedAttemptEndsItsLeaseButIsNotCommitted() {
      WorkerState released = WorkerState.NONE.intent(entries("a@x.io", "lee", "Sales"), Set.of(), LEASE).released(NOW);
      assertThat(released.heldByOtherAt("you", NOW)).isFalse();
      assertThat(released.committed()).isFalse();
      assertThat(released.indexed()).isEqualTo(entries("a@x.io", "lee", "Sales"));
    }

    @Test
    void areKeptToTheMillisecondAsTheTableStoresThem() {
      assertThat(new Lease("me", Instant.parse("2026-11-26T10:00:00.123456789Z")).until()).isEqualTo(Instant.parse("2026-11-26T10:00:00.123Z"));
    }
  }

  @Test
  void aCommitClearsTheIntentAndKeepsTheNewerVersion() {
    WorkerState intent = WorkerState.NONE.intent(entries("a@x.io", "lee", "Sales"), Set.of("Ops"), LEASE);
    WorkerState done = intent.committed(Set.of(), 4);

    assertThat(done.committed()).isTrue();
    assertThat(done.staleEmails()).isEmpty();
    assertThat(done.version()).isEqualTo(4);
    assertThat(done.settled(entries("a@x.io", "lee", "Sales"), Set.of(), 4)).isTrue();
    assertThat(done.settled(entries("a@x.io", "lee", "Sales"), Set.of(), 5)).as("a newer truth").isFalse();
    assertThat(done.settled(entries("a@x.io", "lee", "Sales"), Set.of("Ops"), 4)).as("a department to follow").isFalse();
  }

  @Test
  void aChangeOfAddressCaseKeepsTheClaimTimeAndANewAddressTakesTheChangesTime() {
    ViewEntity sameAddress = truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "Sales", "Ann", "Lee", "A@X.IO", 31)).orElseThrow();
    ViewEntity newAddress = truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "Sales", "Ann", "Lee", "b@x.io", 31)).orElseThrow();
    ViewEntity hiredOnly = truth(hired(7, "Sales", "Ann", "Lee", "a@x.io")).orElseThrow();

    assertThat(sameAddress.instant("EmailClaimedAt")).isEqualTo(hiredOnly.instant("EmailClaimedAt"));
    assertThat(newAddress.instant("EmailClaimedAt")).isAfter(hiredOnly.instant("EmailClaimedAt"));
  }
}
