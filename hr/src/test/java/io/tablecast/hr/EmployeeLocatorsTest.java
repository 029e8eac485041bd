package io.tablecast.hr;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.HrEvents;
import io.tablecast.testkit.HrHistory;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class EmployeeLocatorsTest {

  private static final RowRef LOCATOR = EmployeeLocators.ref(new EmployeeId(7));

  private final ProjectionKit<EmployeeEvent> locators = ProjectionKit.of(EmployeeLocators.PROJECTION);

  private Map<String, Object> given(EmployeeEvent... history) {
    return locators.given(history).rows().get(LOCATOR);
  }

  @Test
  void aHireCreatesTheLocatorInTheEmployeesOwnPartitionWithTheFullStateAndActiveStatus() {
    assertThat(LOCATOR.partitionKey()).isEqualTo("empid_00000007");
    assertThat(LOCATOR.rowKey()).isEqualTo("employee");
    assertThat(given(hired(7, "Sales", "Ann", "Lee", "ann@x.io")))
        .containsEntry("EntityType", "EmployeeLocator")
        .containsEntry("EmployeeId", "00000007")
        .containsEntry("DepartmentId", "Sales")
        .containsEntry("Status", "Active")
        .containsEntry("FirstName", "Ann")
        .containsEntry("LastName", "Lee")
        .containsEntry("Email", "ann@x.io")
        .containsEntry("Age", 30)
        .containsEntry("HiredAt", HrEvents.T0.plusMillis(1))
        .containsEntry("Version", 1L)
        .containsKey("EventId");
  }

  @Test
  void aChangeReplacesTheDetailsAndKeepsTheHireTime() {
    assertThat(given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), changed(7, 2, "Sales", "Anna", "Park", "anna@x.io", 31)))
        .containsEntry("FirstName", "Anna").containsEntry("LastName", "Park")
        .containsEntry("Email", "anna@x.io").containsEntry("Age", 31).containsEntry("Version", 2L)
        .containsEntry("HiredAt", HrEvents.T0.plusMillis(1));
  }

  @Test
  void aTransferMovesTheDepartment() {
    assertThat(given(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops"))).containsEntry("DepartmentId", "Ops");
  }

  @Test
  void anArchiveMarksItArchivedWithTimeAndReason() {
    assertThat(given(hired(7, "Sales", "Ann", "Lee", "a@x.io"), archived(7, 2, "Sales", "left")))
        .containsEntry("Status", "Archived").containsEntry("Reason", "left")
        .containsEntry("ArchivedAt", HrEvents.T0.plusMillis(2)).containsEntry("LastName", "Lee");
  }

  @Test
  void anArchiveWithoutReasonStoresNoReason() {
    assertThat(given(hired(7, "Sales", "Ann", "Lee", "a@x.io"), archived(7, 2, "Sales", null))).doesNotContainKey("Reason");
  }

  @Test
  void olderAndRedeliveredEventsChangeNothing() {
    EmployeeEvent hire = hired(7, "Sales", "Ann", "Lee", "a@x.io");
    EmployeeEvent change = changed(7, 2, "Sales", "Anna", "Park", "b@x.io", 31);

    Map<RowRef, Map<String, Object>> rows = locators.given(hire, change).rows();

    assertThat(given(hire, change, hire, changed(7, 2, "X", "Y", "Z", "z@x.io", 99))).isEqualTo(rows.get(LOCATOR));
    assertThat(EmployeeLocators.PROJECTION.fold(ref -> Optional.ofNullable(rows.get(ref)), change)).as("nothing to write").isEmpty();
  }

  @Test
  void nothingButAHireCreatesALocator() {
    assertThat(locators.given(changed(7, 2, "Sales", "Anna", "Park", "b@x.io", 31)).rows()).isEmpty();
  }

  @Property(tries = 30)
  void oneEventAtATimeTheEnginesBatchesARebuildsFoldAndARedeliveredTailLeaveTheSameRows(@ForAll long seed) {
    List<EmployeeEvent> log = HrHistory.generate(seed, 4, 300, HrHistory.Mix.TYPICAL).stream()
        .filter(EmployeeEvent.class::isInstance).map(EmployeeEvent.class::cast).toList();

    locators.assertSameRowsEveryWay(log, seed);
    assertThat(locators.rebuilt(log)).as("one locator per employee hired")
        .hasSize((int) log.stream().filter(e -> e.version() == 1).map(EmployeeEvent::employeeId).distinct().count());
  }
}
