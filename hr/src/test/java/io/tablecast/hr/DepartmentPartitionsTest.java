package io.tablecast.hr;

import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.HrHistory;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class DepartmentPartitionsTest {

  private static final RowRef SALES = DepartmentPartitions.ref("Sales", "department");

  private final ProjectionKit<DomainEvent> partitions = ProjectionKit.of(DepartmentPartitions.PROJECTION);

  @Test
  void aHireBeforeItsDepartmentLeavesAPlaceholderCountingIt_whichTheDepartmentsEventNames() {
    Map<RowRef, Map<String, Object>> rows =
        partitions.given(hired(7, "Sales", "Ann", "Lee", "Ann@x.io"), departmentCreated("Sales", "Sales")).rows();

    assertThat(rows.get(SALES)).containsEntry("Name", "Sales").containsEntry("EmployeeCount", 1).containsEntry("Version", 1L);
    assertThat(rows.get(DepartmentPartitions.ref("Sales", "empid_00000007"))).containsEntry("Email", "Ann@x.io");
    assertThat(rows.get(DepartmentPartitions.ref("Sales", "email_ann@x.io"))).containsEntry("EmployeeId", "00000007");
  }

  @Test
  void aNewAddressMovesTheCopy_andTheOldCopyIsFoundThroughTheStoredRow() {
    Map<RowRef, Map<String, Object>> rows = partitions.given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"),
        changed(7, 2, "Sales", "Ann", "Lee", "lee@x.io", 31)).rows();

    assertThat(rows).containsKey(DepartmentPartitions.ref("Sales", "email_lee@x.io"))
        .doesNotContainKey(DepartmentPartitions.ref("Sales", "email_ann@x.io"));
    assertThat(DepartmentPartitions.PROJECTION.readsAfter(changed(7, 3, "Sales", "Ann", "Lee", "x@x.io", 32),
        ref -> Optional.ofNullable(rows.get(ref)))).containsExactly(DepartmentPartitions.ref("Sales", "email_lee@x.io"));
  }

  @Test
  void theRowsTakenForAbsentAreThoseAnEventCreates_notASummaryOrAnEmployeeItChanges() {
    assertThat(DepartmentPartitions.PROJECTION.assumedAbsent(departmentCreated("Sales", "Sales"))).containsExactly(SALES);
    assertThat(DepartmentPartitions.PROJECTION.assumedAbsent(hired(7, "Sales", "Ann", "Lee", "Ann@x.io"))).containsExactlyInAnyOrder(
        DepartmentPartitions.ref("Sales", "empid_00000007"), DepartmentPartitions.ref("Sales", "email_ann@x.io"));
    assertThat(DepartmentPartitions.PROJECTION.assumedAbsent(changed(7, 2, "Sales", "Ann", "Lee", "lee@x.io", 31)))
        .as("the copy of the new address; the row it changes exists").containsExactly(DepartmentPartitions.ref("Sales", "email_lee@x.io"));
  }

  @Property(tries = 30)
  void oneEventAtATimeTheEnginesBatchesARebuildsFoldAndARedeliveredTailLeaveTheSameRows(@ForAll long seed) {
    List<DomainEvent> log = HrHistory.generate(seed, 4, 300, HrHistory.Mix.TYPICAL);

    partitions.assertSameRowsEveryWay(log, seed);
  }
}
