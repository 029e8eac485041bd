package io.tablecast.hr.work;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.hr.work.ViewEntity;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ManagerFieldsTest {

  @Nested
  class ManagerFieldsOfADepartment {

    private final ViewEntity summary = ViewEntity.of("department", "Department").with("Name", "Sales").with("ManagerId", "00000007")
        .with("ManagerFirstName", "Ann").with("ManagerLastName", "Lee").with("ManagerEmail", "a@x.io").stamped(4, "d4");

    private ViewEntity manager(String status) {
      return ViewEntity.of("employee", "EmployeeLocator").with("EmployeeId", "00000007").with("Status", status)
          .with("FirstName", "Anne").with("LastName", "Li").with("Email", "anne@x.io").stamped(9, "e9");
    }

    @Test
    void followTheManagersCurrentDetailsAndKeepTheDepartmentsVersion() {
      ViewEntity followed = ManagerFields.follow(summary, "00000007", manager("Active"));
      assertThat(followed.properties()).containsEntry("ManagerFirstName", "Anne").containsEntry("ManagerLastName", "Li")
          .containsEntry("ManagerEmail", "anne@x.io").containsEntry("Version", 4L).containsEntry("EventId", "d4");
      assertThat(ManagerFields.stillManages(Optional.of(followed), "00000007")).isTrue();
    }

    @Test
    void areRemovedWhenTheManagerIsArchived() {
      ViewEntity followed = ManagerFields.follow(summary, "00000007", manager("Archived"));
      assertThat(followed.properties()).doesNotContainKeys("ManagerId", "ManagerFirstName", "ManagerLastName", "ManagerEmail")
          .containsEntry("Name", "Sales");
      assertThat(ManagerFields.stillManages(Optional.of(followed), "00000007")).isFalse();
    }

    @Test
    void areLeftAloneWhenTheDepartmentHasAnotherManagerNow() {
      assertThat(ManagerFields.follow(summary, "00000008", manager("Active"))).isEqualTo(summary);
      assertThat(ManagerFields.stillManages(Optional.of(summary), "00000008")).isFalse();
    }
  }
}
