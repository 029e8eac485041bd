package io.tablecast.hr.work;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.tables.rows.EmailClaim;
import io.tablecast.hr.tables.rows.EmailEntryRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class WorkerRowsTest {

  private static LocatorRow locator(EmployeeEvent... history) {
    return EmployeeLocators.fold(Optional.empty(), List.of(history)).orElseThrow();
  }

  /** The {@code empid_} row the truth calls for. */
  private static Map<String, Object> employee(EmployeeEvent... history) {
    return locator(history).employeeRow().properties();
  }

  @Nested
  class RowsFromTheTruth {

    @Test
    void theEmployeeRowIsExactlyWhatTheProjectorWritesForTheSameState() {
      Map<String, Map<String, Object>> projected = DepartmentPartition.fold(Map.of(), List.of(hired(7, "Sales", "Ann", "Lee", "a@x.io")));

      Map<String, Object> fromTruth = employee(hired(7, "Sales", "Ann", "Lee", "a@x.io"));

      assertThat(fromTruth).isEqualTo(projected.get("empid_00000007"));
    }

    @Test
    void theArchiveCopyHoldsEveryPropertyWithWhenAndWhy() {
      Map<String, Object> copy = locator(hired(7, "Sales", "Ann", "Lee", "a@x.io"), archived(7, 2, "Sales", "left")).archivedRow()
          .properties();

      assertThat(copy).containsEntry("EntityType", "ArchivedEmployee").containsEntry("Age", 30)
          .containsKeys("HiredAt", "ArchivedAt").containsEntry("Reason", "left").containsEntry("Version", 2L);
    }

    @Test
    void theEmailEntryNamesTheEmployeeAndItsDepartment() {
      LocatorRow truth = locator(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops"));
      Map<String, Object> entry = new EmailEntryRow(EmailClaim.of(truth.employeeRow()), truth.departmentId()).properties();
      assertThat(entry).containsEntry("EntityType", "EmailIndex").containsEntry("EmployeeId", "00000007")
          .containsEntry("DepartmentId", "Ops").containsEntry("Version", 2L);
    }
  }

  @Nested
  class PlacingAnEmployee {

    private final Map<String, Map<String, Object>> sales = DepartmentPartition.fold(Map.of(),
        List.of(departmentCreated("Sales", "Sales"), hired(7, "Sales", "Ann", "Lee", "a@x.io")));

    @Test
    void intoItsNewDepartmentAddsRowCopyAndCount() {
      Map<String, Object> truth = employee(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops"));

      Map<String, Map<String, Object>> ops = DepartmentPartition.place(Map.of(), "empid_00000007", Optional.of(truth));

      assertThat(ops).containsKeys("empid_00000007", "email_a@x.io");
      assertThat(ops.get("department").get("EmployeeCount")).isEqualTo(1);
    }

    @Test
    void outOfItsOldDepartmentRemovesRowCopyAndCount() {
      Map<String, Map<String, Object>> after = DepartmentPartition.place(sales, "empid_00000007", Optional.empty());
      assertThat(after).containsOnlyKeys("department");
      assertThat(after.get("department").get("EmployeeCount")).isEqualTo(0);
    }

    @Test
    void twiceChangesNothingTheSecondTime() {
      Map<String, Object> truth = employee(hired(7, "Sales", "Ann", "Lee", "a@x.io"));
      assertThat(DepartmentPartition.place(sales, "empid_00000007", Optional.of(truth))).isEqualTo(sales);
      Map<String, Map<String, Object>> gone = DepartmentPartition.place(sales, "empid_00000007", Optional.empty());
      assertThat(DepartmentPartition.place(gone, "empid_00000007", Optional.empty())).isEqualTo(gone);
    }

    @Test
    void aRowOneStepBehindLeavesAnAddressThatChangedHandsWithItsNewOwner() {
      Map<String, Map<String, Object>> ops = DepartmentPartition.fold(Map.of(), List.of(departmentCreated("Ops", "Ops"),
          hired(8, "Ops", "Bob", "Roe", "c@x.io"), changed(8, 5, "Ops", "Bob", "Roe", "a@x.io", 30)));
      Map<String, Object> behind = employee(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops"));
      Map<String, Object> current = employee(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops"),
          changed(7, 3, "Ops", "Ann", "Lee", "b@x.io", 30));

      Map<String, Map<String, Object>> placedBehind = DepartmentPartition.place(ops, "empid_00000007", Optional.of(behind));
      Map<String, Map<String, Object>> caughtUp = DepartmentPartition.place(placedBehind, "empid_00000007", Optional.of(current));

      assertThat(placedBehind.get("email_a@x.io").get("EmployeeId")).isEqualTo("00000008");
      assertThat(caughtUp.get("email_a@x.io").get("EmployeeId")).isEqualTo("00000008");
      assertThat(caughtUp.get("email_b@x.io").get("EmployeeId")).isEqualTo("00000007");
      assertThat(caughtUp.get("department").get("EmployeeCount")).isEqualTo(2);
    }

    @Test
    void neverReplacesARowNewerThanTheTruth() {
      Map<String, Object> stale = new HashMap<>(employee(hired(7, "Sales", "Ann", "Lee", "a@x.io")));
      stale.put("Version", 0L);
      stale.put("EventId", "old");
      assertThat(DepartmentPartition.place(sales, "empid_00000007", Optional.of(stale))).isEqualTo(sales);
    }
  }

  @Nested
  class LastNameIndexShards {

    @Test
    void keepsIdsSortedInShardsOfAtMostAThousand() {
      Map<String, Map<String, Object>> shards = Map.of();
      for (int id = 2_500; id > 0; id--) {
        shards = LastNameShards.add("Sales", shards, String.format("%08d", id));
      }
      assertThat(shards).containsOnlyKeys("Sales_00", "Sales_01", "Sales_02");
      assertThat(shards.values()).allSatisfy(s -> {
        List<String> ids = List.of(((String) s.get("EmployeeIds")).split(","));
        assertThat(ids).isSorted().hasSizeLessThanOrEqualTo(1_000);
        assertThat(s.get("Count")).isEqualTo(ids.size());
        assertThat(((String) s.get("EmployeeIds")).length() * 2).as("UTF-16 bytes").isLessThan(64 * 1024);
      });
      assertThat(LastNameShards.allIds(shards)).hasSize(2_500).doesNotHaveDuplicates();
    }

    @Test
    void addingTwiceListsOnceAndRemovingEmptiesAndDeletesTheShard() {
      Map<String, Map<String, Object>> one = LastNameShards.add("Sales", Map.of(), "00000007");
      assertThat(LastNameShards.add("Sales", one, "00000007")).isEqualTo(one);
      assertThat(LastNameShards.remove("Sales", one, "00000007")).isEmpty();
      assertThat(LastNameShards.remove("Sales", one, "00000008")).isEqualTo(one);
    }

    @Test
    void aShardEmptiedInTheMiddleIsRefilledFromTheLast_soEveryShardButTheLastIsFull() {
      Map<String, Map<String, Object>> shards = Map.of();
      java.util.Set<String> first = new java.util.TreeSet<>();
      java.util.Set<String> all = new java.util.TreeSet<>();
      for (int id = 1; id <= 2_500; id++) {
        all.add(String.format("%08d", id));
      }
      shards = LastNameShards.update("Sales", shards, all, java.util.Set.of());
      first.addAll(LastNameShards.ids(shards.get("Sales_00")));

      Map<String, Map<String, Object>> after = LastNameShards.update("Sales", shards, java.util.Set.of(), first);

      assertThat(after).containsOnlyKeys("Sales_00", "Sales_01");
      assertThat(LastNameShards.ids(after.get("Sales_00"))).hasSize(1_000);
      assertThat(LastNameShards.ids(after.get("Sales_01"))).hasSize(500);
      java.util.Set<String> left = new java.util.TreeSet<>(LastNameShards.allIds(after));
      all.removeAll(first);
      assertThat(left).isEqualTo(all);
    }

    @Test
    void aRemovalFromAFullShardTakesAnIdOfTheLast_soTheNextAdditionGoesToTheLast() {
      Map<String, Map<String, Object>> shards = Map.of();
      for (int id = 1; id <= 1_001; id++) {
        shards = LastNameShards.add("Sales", shards, String.format("%08d", id));
      }
      shards = LastNameShards.remove("Sales", shards, "00000500");
      assertThat(shards).containsOnlyKeys("Sales_00");
      assertThat(LastNameShards.ids(shards.get("Sales_00"))).contains("00001001").doesNotContain("00000500").hasSize(1_000);

      shards = LastNameShards.add("Sales", shards, "00009999");

      assertThat(LastNameShards.ids(shards.get("Sales_01"))).containsExactly("00009999");
    }
  }
}
