package io.tablecast.viewstore.domain;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.testkit.HrEvents;
import io.tablecast.viewstore.domain.ViewEntity;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EmployeeLocatorTest {

  private static Optional<ViewEntity> given(EmployeeEvent... history) {
    return EmployeeLocator.fold(Optional.empty(), List.of(history));
  }

  @Test
  void aHireCreatesTheLocatorWithTheFullStateAndActiveStatus() {
    ViewEntity locator = given(hired(7, "Sales", "Ann", "Lee", "ann@x.io")).orElseThrow();

    assertThat(locator.rowKey()).isEqualTo("employee");
    assertThat(locator.properties())
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
    ViewEntity locator = given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), changed(7, 2, "Sales", "Anna", "Park", "anna@x.io", 31))
        .orElseThrow();
    assertThat(locator.properties()).containsEntry("FirstName", "Anna").containsEntry("LastName", "Park")
        .containsEntry("Email", "anna@x.io").containsEntry("Age", 31).containsEntry("Version", 2L)
        .containsEntry("HiredAt", HrEvents.T0.plusMillis(1));
  }

  @Test
  void aTransferMovesTheDepartment() {
    assertThat(given(hired(7, "Sales", "Ann", "Lee", "a@x.io"), transferred(7, 2, "Sales", "Ops")).orElseThrow().string("DepartmentId"))
        .isEqualTo("Ops");
  }

  @Test
  void anArchiveMarksItArchivedWithTimeAndReason() {
    ViewEntity locator = given(hired(7, "Sales", "Ann", "Lee", "a@x.io"), archived(7, 2, "Sales", "left")).orElseThrow();
    assertThat(locator.properties()).containsEntry("Status", "Archived").containsEntry("Reason", "left")
        .containsEntry("ArchivedAt", HrEvents.T0.plusMillis(2)).containsEntry("LastName", "Lee");
  }

  @Test
  void anArchiveWithoutReasonStoresNoReason() {
    assertThat(given(hired(7, "Sales", "Ann", "Lee", "a@x.io"), archived(7, 2, "Sales", null)).orElseThrow().properties())
        .doesNotContainKey("Reason");
  }

  @Test
  void olderAndRedeliveredEventsChangeNothing() {
    Optional<ViewEntity> current = given(hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "Sales", "Anna", "Park", "b@x.io", 31));
    assertThat(EmployeeLocator.fold(current, List.of(hired(7, "Sales", "Ann", "Lee", "a@x.io"), changed(7, 2, "X", "Y", "Z", "z@x.io", 99))))
        .isEqualTo(current);
  }

  @Test
  void nothingButAHireCreatesALocator() {
    assertThat(given(changed(7, 2, "Sales", "Anna", "Park", "b@x.io", 31))).isEmpty();
  }
}
