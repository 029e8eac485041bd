package io.tablecast.hr;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.Actor;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.tables.ActivityLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.HrEvents;
import io.tablecast.testkit.HrHistory;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class EmployeeActivityTest {

  private final ProjectionKit<EmployeeEvent> activity = ProjectionKit.of(EmployeeActivity.PROJECTION);

  @Test
  void anActivityRowSaysWhatHappenedWhenAndAtWhichVersion_inTheEmployeesPartition() {
    RowChange.Put row = EmployeeActivity.row(transferred(7, 3, "Sales", "Ops"));

    assertThat(row.ref())
        .isEqualTo(new RowRef(ViewTable.EMPLOYEE_ACTIVITY, "00000007", ActivityLayout.rowKey(HrEvents.T0.plusMillis(3), 3)));
    assertThat(row.properties())
        .containsEntry("EntityType", "Activity")
        .containsEntry("EventType", "EmployeeTransferred")
        .containsEntry("OccurredAt", HrEvents.T0.plusMillis(3))
        .containsEntry("Version", 3L)
        .containsEntry("Summary", "Transferred from Sales to Ops.")
        .containsKey("EventId");
  }

  @Test
  void anActivityRowNamesWhoCausedTheEvent() {
    Actor admin = new Actor("3f2504e0-4f89-11d3-9a0c-0305e82c3301");

    assertThat(EmployeeActivity.row(HrEvents.transferredBy(admin, 7, 3, "Sales", "Ops")).properties())
        .containsEntry("Actor", "3f2504e0-4f89-11d3-9a0c-0305e82c3301");
  }

  @Test
  void anAnonymousEventsRowHasNoActorAndEqualsTheRowWrittenBeforeActorsWereRecorded() {
    assertThat(EmployeeActivity.row(transferred(7, 3, "Sales", "Ops")).properties()).doesNotContainKey("Actor")
        .containsOnlyKeys("EntityType", "EventType", "OccurredAt", "Version", "EventId", "Summary");
  }

  @Test
  void summariesAreShortSentences() {
    assertThat(summary(hired(7, "Sales", "Ann", "Lee", "a@x.io"))).isEqualTo("Hired into Sales as Ann Lee.");
    assertThat(summary(archived(7, 2, "Sales", "left"))).isEqualTo("Archived from Sales: left.");
    assertThat(summary(archived(7, 2, "Sales", null))).isEqualTo("Archived from Sales.");
    assertThat(summary(changed(7, 2, "Sales", "Ann", "Park", "p@x.io", 31))).isEqualTo("Details changed to Ann Park, p@x.io, age 31.");
  }

  @Test
  void eachEventOfAnEmployeeIsOneRowOfItsLogTail_andAnEventDeliveredAgainIsTheSameRow() {
    EmployeeEvent hire = hired(7, "Sales", "Ann", "Lee", "a@x.io");
    EmployeeEvent move = transferred(7, 2, "Sales", "Ops");

    assertThat(activity.given(hire, move, move, hire).rows()).hasSize(2)
        .containsEntry(EmployeeActivity.row(move).ref(), EmployeeActivity.row(move).properties());
  }

  @Property(tries = 30)
  void oneEventAtATimeTheEnginesBatchesARebuildsFoldAndARedeliveredTailLeaveTheSameRows(@ForAll long seed) {
    List<EmployeeEvent> log = HrHistory.generate(seed, 4, 300, HrHistory.Mix.TYPICAL).stream()
        .filter(EmployeeEvent.class::isInstance).map(EmployeeEvent.class::cast).toList();

    activity.assertSameRowsEveryWay(log, seed);
    assertThat(activity.rebuilt(log)).as("one row per event").hasSize(log.size());
  }

  private static Object summary(EmployeeEvent event) {
    return EmployeeActivity.row(event).properties().get("Summary");
  }
}
