package io.tablecast.hr.steps;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.steps.WorkerRow.IndexEntries;
import io.tablecast.hr.steps.WorkerRow.LastNameEntry;
import io.tablecast.hr.tables.rows.LocatorRow;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class WorkerRowTest {

  private static LocatorRow truth(EmployeeEvent... history) {
    return EmployeeLocators.fold(Optional.empty(), List.of(history)).orElseThrow();
  }

  private static IndexEntries entries(String email, String lastName, String department) {
    return new IndexEntries(Optional.of(email), Optional.of(new LastNameEntry(lastName, department)));
  }

  private static final WorkerRow SETTLED =
      new WorkerRow(entries("a@x.io", "lee", "Sales"), Set.of(), Set.of(), Set.of("Ops"), 3, OptionalLong.empty(), Set.of(), Set.of());

  @Nested
  class TheEntriesTheTruthCallsFor {

    @Test
    void anActiveEmployeeIsIndexedByItsAddressAndLastNameInItsDepartment_lowerCased() {
      assertThat(IndexEntries.of(truth(hired(7, "Sales", "Ann", "Lee", "Ann@X.io"), transferred(7, 2, "Sales", "Ops"))))
          .isEqualTo(entries("ann@x.io", "lee", "Ops"));
    }

    @Test
    void anArchivedEmployeeIsIndexedNowhere() {
      assertThat(IndexEntries.of(truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), archived(7, 2, "Sales", null))))
        .isEqualTo(IndexEntries.NONE);
    }
  }

  @Nested
  class TheIntent {

    @Test
    void marksEveryEntryTheTruthNoLongerCallsForAsStale() {
      WorkerRow intent = SETTLED.intent(entries("b@x.io", "li", "Sales"), Set.of("R&D"));

      assertThat(intent.indexed()).isEqualTo(entries("b@x.io", "li", "Sales"));
      assertThat(intent.staleEmails()).containsExactly("a@x.io");
      assertThat(intent.staleLastNames()).containsExactly(new LastNameEntry("lee", "Sales"));
      assertThat(intent.managed()).containsExactlyInAnyOrder("Ops", "R&D");
      assertThat(intent.isSettled()).isFalse();
    }

    @Test
    void managingMoreDepartmentsKeepsEverythingElseAndStillNeedsTheTruth() {
      WorkerRow managing = WorkerRow.NONE.managing(Set.of("Ops"));

      assertThat(managing.managed()).containsExactly("Ops");
      assertThat(managing.isSettled()).isTrue();
      assertThat(managing.follows(IndexEntries.NONE, Set.of("Ops"), 1)).as("the hire's item still has work").isFalse();
      assertThat(SETTLED.managing(Set.of("R&D")).managed()).containsExactlyInAnyOrder("Ops", "R&D");
      assertThat(SETTLED.managing(Set.of("R&D")).indexed()).isEqualTo(SETTLED.indexed());
    }

    @Test
    void ofATurnCutShortKeepsWhatItMayHaveWrittenAsStale() {
      WorkerRow cutShort = SETTLED.intent(entries("b@x.io", "li", "Ops"), Set.of())
          .settlingAt(4, Set.of("Sales", "Ops"), Set.of("Ops"), Set.of());

      WorkerRow next = cutShort.intent(entries("c@x.io", "lee", "Sales"), Set.of());

      assertThat(next.staleEmails()).containsExactlyInAnyOrder("a@x.io", "b@x.io");
      assertThat(next.staleLastNames()).containsExactly(new LastNameEntry("li", "Ops"));
      assertThat(next.placing()).as("the departments it was placing rows in").containsExactlyInAnyOrder("Sales", "Ops");
    }

    @Test
    void takesTheEntriesAnUnrecordedHireMayHaveWrittenAsStale_unlessTheTruthStillCallsForThem() {
      WorkerRow moved = SETTLED.mayAlsoHold(entries("h@x.io", "hu", "Sales"), entries("a@x.io", "lee", "Sales"));
      assertThat(moved.staleEmails()).containsExactly("h@x.io");
      assertThat(moved.staleLastNames()).containsExactly(new LastNameEntry("hu", "Sales"));
      assertThat(moved.follows(entries("a@x.io", "lee", "Sales"), Set.of(), 3)).as("the hire's entries are still to remove").isFalse();

      WorkerRow same = SETTLED.mayAlsoHold(entries("A@x.io", "Lee", "Sales"), entries("a@x.io", "lee", "Sales"));
      assertThat(same).isEqualTo(SETTLED);
      assertThat(same.follows(entries("a@x.io", "lee", "Sales"), Set.of(), 3)).as("a duplicate hire has nothing to do").isTrue();
    }

    @Test
    void neverCallsTheDesiredEntriesStaleWhateverTheirLetterCase() {
      WorkerRow intent = SETTLED.intent(entries("A@X.io", "LEE", "Sales"), Set.of());
      assertThat(intent.staleEmails()).isEmpty();
      assertThat(intent.staleLastNames()).isEmpty();
    }
  }

  @Test
  void settlingClearsTheIntentAndTakesTheVersionItSettlesAt() {
    WorkerRow intent = WorkerRow.NONE.intent(entries("a@x.io", "lee", "Sales"), Set.of("Ops"))
        .settlingAt(4, Set.of("Sales"), Set.of(), Set.of("Ops"));
    assertThat(intent.follows(entries("a@x.io", "lee", "Sales"), Set.of(), 0)).as("not settled yet").isFalse();

    WorkerRow done = intent.settled();

    assertThat(done.isSettled()).isTrue();
    assertThat(done.releasing()).as("the departments it cleared, no longer followed").isEmpty();
    assertThat(done.version()).isEqualTo(4);
    assertThat(done.follows(entries("a@x.io", "lee", "Sales"), Set.of(), 4)).isTrue();
    assertThat(done.follows(entries("a@x.io", "lee", "Sales"), Set.of(), 5)).as("a newer truth").isFalse();
    assertThat(done.follows(entries("a@x.io", "lee", "Sales"), Set.of("Ops"), 4)).as("a department to follow").isFalse();
  }

  @Test
  void itsPropertiesReadBackAsTheSameRow_theEnginesLeaseIgnored() {
    WorkerRow intent = SETTLED.intent(entries("b@x.io", "li", "Ops"), Set.of("R&D"))
        .settlingAt(4, Set.of("Sales", "Ops"), Set.of("R&D"), Set.of("Ops"));
    Map<String, Object> stored = new HashMap<>(intent.properties());
    stored.put("TablecastLeaseOwner", "a turn");

    assertThat(WorkerRow.from(stored)).isEqualTo(intent);
    assertThat(WorkerRow.from(SETTLED.properties())).isEqualTo(SETTLED);
    assertThat(SETTLED.properties()).containsEntry("EntityType", "WorkerState").doesNotContainKeys("SettlesAt", "Placing", "StaleEmails",
        "ReleasingDepartments");
  }

  @Test
  void aChangeOfAddressCaseKeepsTheClaimTimeAndANewAddressTakesTheChangesTime() {
    LocatorRow sameAddress = truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "Sales", "Ann", "Lee", "A@X.IO", 31));
    LocatorRow newAddress = truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "Sales", "Ann", "Lee", "b@x.io", 31));
    LocatorRow hiredOnly = truth(hired(7, "Sales", "Ann", "Lee", "a@x.io"));

    assertThat(sameAddress.emailClaimedAt()).isEqualTo(hiredOnly.emailClaimedAt());
    assertThat(newAddress.emailClaimedAt()).isAfter(hiredOnly.emailClaimedAt());
  }
}
