package io.tablecast.hr.work;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.work.DepartmentPartition;
import io.tablecast.hr.work.LastNameShards;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class WorkerRowsTest {

  private static ViewEntity locator(EmployeeEvent... history) {
    return EmployeeLocator.fold(Optional.empty(), List.of(history)).orElseThrow();
  }

  @Nested
  class RowsFromTheTruth {

    @Test
    void theEmployeeRowIsExactlyWhatTheProjectorWritesForTheSameState() {
      Map<String, ViewEntity> projected = DepartmentPartition.fold(Map.of(), List.of(hired(7, "Sales", "Ann", "Lee", "a@x.io")));

      ViewEntity fromTruth = TruthRows.employee(locator(hired(7, "Sales", "Ann", "Lee", "a@x.io")));

      assertThat(fromTruth).isEqualTo(projected.get("empid_00000007"));
    }

    @Test
    void theArchiveCopyHoldsEveryPropertyWithWhenAndWhy() {
      ViewEntity copy = TruthRows.archived(locator(hired(7, "Sales", "Ann", "Lee", "a@x.io"), archived(7, 2, "Sales", "left")));

      assertThat(copy.rowKey()).isEqualTo("empid_00000007");
      assertThat(copy.properties()).containsEntry("EntityType", "ArchivedEmployee").containsEntry("Age", 30)
          .containsKeys("HiredAt", "ArchivedAt").containsEntry("Reason", "left").containsEntry("Version", 2L);
    }

    @Test
    void theEmailEntryNamesTheEmployeeAndItsDepartment() {
      ViewEntity entry = TruthRows.emailEntry(locator(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops")));
      assertThat(entry.properties()).containsEntry("EntityType", "EmailIndex").containsEntry("EmployeeId", "00000007")
          .containsEntry("DepartmentId", "Ops").containsEntry("Version", 2L);
    }
  }

  @Nested
  class PlacingAnEmployee {

    private final Map<String, ViewEntity> sales = DepartmentPartition.fold(Map.of(),
        List.of(departmentCreated("Sales", "Sales"), hired(7, "Sales", "Ann", "Lee", "a@x.io")));

    @Test
    void intoItsNewDepartmentAddsRowCopyAndCount() {
      ViewEntity truth = TruthRows.employee(locator(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops")));

      Map<String, ViewEntity> ops = DepartmentPartition.place(Map.of(), "empid_00000007", Optional.of(truth));

      assertThat(ops).containsKeys("empid_00000007", "email_a@x.io");
      assertThat(ops.get("department").integer("EmployeeCount")).isEqualTo(1);
    }

    @Test
    void outOfItsOldDepartmentRemovesRowCopyAndCount() {
      Map<String, ViewEntity> after = DepartmentPartition.place(sales, "empid_00000007", Optional.empty());
      assertThat(after).containsOnlyKeys("department");
      assertThat(after.get("department").integer("EmployeeCount")).isZero();
    }

    @Test
    void twiceChangesNothingTheSecondTime() {
      ViewEntity truth = TruthRows.employee(locator(hired(7, "Sales", "Ann", "Lee", "a@x.io")));
      assertThat(DepartmentPartition.place(sales, "empid_00000007", Optional.of(truth))).isEqualTo(sales);
      Map<String, ViewEntity> gone = DepartmentPartition.place(sales, "empid_00000007", Optional.empty());
      assertThat(DepartmentPartition.place(gone, "empid_00000007", Optional.empty())).isEqualTo(gone);
    }

    @Test
    void aRowOneStepBehindLeavesAnAddressThatChangedHandsWithItsNewOwner() {
      Map<String, ViewEntity> ops = DepartmentPartition.fold(Map.of(), List.of(departmentCreated("Ops", "Ops"),
          hired(8, "Ops", "Bob", "Roe", "c@x.io"), changed(8, 5, "Ops", "Bob", "Roe", "a@x.io", 30)));
      ViewEntity behind = TruthRows.employee(locator(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops")));
      ViewEntity current = TruthRows.employee(locator(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops"),
          changed(7, 3, "Ops", "Ann", "Lee", "b@x.io", 30)));

      Map<String, ViewEntity> placedBehind = DepartmentPartition.place(ops, "empid_00000007", Optional.of(behind));
      Map<String, ViewEntity> caughtUp = DepartmentPartition.place(placedBehind, "empid_00000007", Optional.of(current));

      assertThat(placedBehind.get("email_a@x.io").string("EmployeeId")).isEqualTo("00000008");
      assertThat(caughtUp.get("email_a@x.io").string("EmployeeId")).isEqualTo("00000008");
      assertThat(caughtUp.get("email_b@x.io").string("EmployeeId")).isEqualTo("00000007");
      assertThat(caughtUp.get("department").integer("EmployeeCount")).isEqualTo(2);
    }

    @Test
    void neverReplacesARowNewerThanTheTruth() {
      ViewEntity stale = TruthRows.employee(locator(hired(7, "Sales", "Ann", "Lee", "a@x.io"))).stamped(0, "old");
      assertThat(DepartmentPartition.place(sales, "empid_00000007", Optional.of(stale))).isEqualTo(sales);
    }
  }

  @Nested
  class LastNameIndexShards {

    @Test
    void keepsIdsSortedInShardsOfAtMostAThousand() {
      Map<String, ViewEntity> shards = Map.of();
      for (int id = 2_500; id > 0; id--) {
        shards = LastNameShards.add("Sales", shards, String.format("%08d", id));
      }
      assertThat(shards).containsOnlyKeys("Sales_00", "Sales_01", "Sales_02");
      assertThat(shards.values()).allSatisfy(s -> {
        List<String> ids = List.of(s.string("EmployeeIds").split(","));
        assertThat(ids).isSorted().hasSizeLessThanOrEqualTo(1_000);
        assertThat(s.integer("Count")).isEqualTo(ids.size());
        assertThat(s.string("EmployeeIds").length() * 2).as("UTF-16 bytes").isLessThan(64 * 1024);
      });
      assertThat(LastNameShards.allIds(shards)).hasSize(2_500).doesNotHaveDuplicates();
    }

    @Test
    void addingTwiceListsOnceAndRemovingEmptiesAndDeletesTheShard() {
      Map<String, ViewEntity> one = LastNameShards.add("Sales", Map.of(), "00000007");
      assertThat(LastNameShards.add("Sales", one, "00000007")).isEqualTo(one);
      assertThat(LastNameShards.remove("Sales", one, "00000007")).isEmpty();
      assertThat(LastNameShards.remove("Sales", one, "00000008")).isEqualTo(one);
    }

    @Test
    void aShardEmptiedInTheMiddleIsRefilledFromTheLast_soEveryShardButTheLastIsFull() {
      Map<String, ViewEntity> shards = Map.of();
      java.util.Set<String> first = new java.util.TreeSet<>();
      java.util.Set<String> all = new java.util.TreeSet<>();
      for (int id = 1; id <= 2_500; id++) {
        all.add(String.format("%08d", id));
      }
      shards = LastNameShards.update("Sales", shards, all, java.util.Set.of());
      first.addAll(LastNameShards.ids(shards.get("Sales_00")));

      Map<String, ViewEntity> after = LastNameShards.update("Sales", shards, java.util.Set.of(), first);

      assertThat(after).containsOnlyKeys("Sales_00", "Sales_01");
      assertThat(LastNameShards.ids(after.get("Sales_00"))).hasSize(1_000);
      assertThat(LastNameShards.ids(after.get("Sales_01"))).hasSize(500);
      java.util.Set<String> left = new java.util.TreeSet<>(LastNameShards.allIds(after));
      all.removeAll(first);
      assertThat(left).isEqualTo(all);
    }

    @Test
    void aRemovalFromAFullShardTakesAnIdOfTheLast_soTheNextAdditionGoesToTheLast() {
      Map<String, ViewEntity> shards = Map.of();
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
