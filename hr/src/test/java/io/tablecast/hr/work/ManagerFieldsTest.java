package io.tablecast.hr.work;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ManagerFieldsTest {

  /** Sales, version 2, managed by Ann Lee. */
  private final DepartmentRow summary = DepartmentRow.from(DepartmentPartition.fold(Map.of(),
      List.of(departmentCreated("Sales", "Sales"), managerAssigned("Sales", 2, 7, "Ann", "Lee", "a@x.io"))).get("department"));

  /** Ann, since renamed Anne Li, and then what {@code more} says. */
  private static LocatorRow ann(EmployeeEvent... more) {
    List<EmployeeEvent> history = new ArrayList<>(List.of(hired(7, "Sales", "Ann", "Lee", "a@x.io"),
        changed(7, 2, "Sales", "Anne", "Li", "anne@x.io", 31)));
    history.addAll(List.of(more));
    return EmployeeLocators.fold(Optional.empty(), history).orElseThrow();
  }

  @Test
  void followTheManagersCurrentDetailsAndKeepTheDepartmentsVersion() {
    DepartmentRow followed = ManagerFields.follow(summary, ann());

    assertThat(followed.properties()).containsEntry("ManagerFirstName", "Anne").containsEntry("ManagerLastName", "Li")
        .containsEntry("ManagerEmail", "anne@x.io").containsEntry("Version", 2L)
        .containsEntry("EventId", summary.properties().get("EventId"));
    assertThat(ManagerFields.managedBy(followed, "00000007")).isTrue();
  }

  @Test
  void areRemovedWhenTheManagerIsArchived() {
    DepartmentRow followed = ManagerFields.follow(summary, ann(archived(7, 3, "Sales", "left")));

    assertThat(followed.properties()).doesNotContainKeys("ManagerId", "ManagerFirstName", "ManagerLastName", "ManagerEmail")
        .containsEntry("Name", "Sales");
    assertThat(ManagerFields.managedBy(followed, "00000007")).isFalse();
  }

  @Test
  void areLeftAloneWhenTheDepartmentHasAnotherManagerNow() {
    LocatorRow bob = EmployeeLocators.fold(Optional.empty(), List.of(hired(8, "Sales", "Bob", "Ray", "b@x.io"))).orElseThrow();

    assertThat(ManagerFields.follow(summary, bob)).isEqualTo(summary);
    assertThat(ManagerFields.managedBy(summary, "00000008")).isFalse();
  }
}
