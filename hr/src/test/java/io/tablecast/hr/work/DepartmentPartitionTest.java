package io.tablecast.hr.work;

import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.testkit.HrEvents;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DepartmentPartitionTest {

  private static Map<String, Map<String, Object>> given(DomainEvent... history) {
    return DepartmentPartition.fold(Map.of(), List.of(history));
  }

  private static Map<String, Map<String, Object>> when(Map<String, Map<String, Object>> current, DomainEvent... events) {
    return DepartmentPartition.fold(current, List.of(events));
  }

  @Nested
  class DepartmentCreatedEvent {

    @Test
    void createsTheSummaryWithNameVersionAndNoEmployees() {
      Map<String, Map<String, Object>> rows = when(Map.of(), departmentCreated("Sales", "Sales EMEA"));

      Map<String, Object> summary = rows.get("department");
      assertThat(summary)
          .containsEntry("EntityType", "Department")
          .containsEntry("Name", "Sales EMEA")
          .containsEntry("EmployeeCount", 0)
          .containsEntry("Version", 1L)
          .containsKey("EventId");
      assertThat(rows).hasSize(1);
    }

    @Test
    void fillsAPlaceholderLeftByEarlierHiresAndKeepsItsCount() {
      Map<String, Map<String, Object>> current = given(hired(1, "Sales", "Ann", "Lee", "ann@x.io"));
      assertThat(current.get("department")).doesNotContainKey("Name").containsEntry("Version", 0L);

      Map<String, Object> summary = when(current, departmentCreated("Sales", "Sales EMEA")).get("department");

      assertThat(summary).containsEntry("Name", "Sales EMEA").containsEntry("EmployeeCount", 1).containsEntry("Version", 1L);
    }

    @Test
    void isSkippedWhenRedelivered() {
      Map<String, Map<String, Object>> current = given(departmentCreated("Sales", "Sales EMEA"));
      assertThat(when(current, departmentCreated("Sales", "Other name"))).isEqualTo(current);
    }
  }

  @Nested
  class DepartmentManagerAssignedEvent {

    @Test
    void denormalizesTheManagersCurrentDetails() {
      Map<String, Map<String, Object>> current = given(departmentCreated("Sales", "Sales"));

      Map<String, Object> summary = when(current, managerAssigned("Sales", 2, 7, "Mia", "Wong", "mia@x.io")).get("department");

      assertThat(summary)
          .containsEntry("ManagerId", "00000007")
          .containsEntry("ManagerFirstName", "Mia")
          .containsEntry("ManagerLastName", "Wong")
          .containsEntry("ManagerEmail", "mia@x.io")
          .containsEntry("Version", 2L);
    }

    @Test
    void anOlderAssignmentNeverOverwritesANewerOne() {
      Map<String, Map<String, Object>> current = given(
          departmentCreated("Sales", "Sales"), managerAssigned("Sales", 3, 8, "Bo", "Ek", "bo@x.io"));

      assertThat(when(current, managerAssigned("Sales", 2, 7, "Mia", "Wong", "mia@x.io"))).isEqualTo(current);
    }
  }

  @Nested
  class EmployeeHiredEvent {

    @Test
    void addsTheEmployeeItsEmailCopyAndOneToTheCount() {
      Map<String, Map<String, Object>> current = given(departmentCreated("Sales", "Sales"));

      Map<String, Map<String, Object>> rows = when(current, hired(42, "Sales", "Ann", "O'Brien", "Ann.OBrien@X.io"));

      assertThat(rows.get("empid_00000042"))
          .containsEntry("EntityType", "Employee")
          .containsEntry("EmployeeId", "00000042")
          .containsEntry("FirstName", "Ann")
          .containsEntry("LastName", "O'Brien")
          .containsEntry("Email", "Ann.OBrien@X.io")
          .containsEntry("Age", 30)
          .containsEntry("HiredAt", HrEvents.T0.plusMillis(1))
          .containsEntry("Version", 1L);
      assertThat(rows.get("email_ann.obrien@x.io"))
          .containsEntry("EntityType", "EmployeeEmail")
          .containsEntry("EmployeeId", "00000042")
          .containsEntry("Email", "Ann.OBrien@X.io")
          .containsEntry("Version", 1L);
      assertThat(rows.get("department").get("EmployeeCount")).isEqualTo(1);
    }

    @Test
    void isSkippedWhenRedeliveredSoTheCountStaysExact() {
      Map<String, Map<String, Object>> current = given(departmentCreated("Sales", "Sales"), hired(42, "Sales", "Ann", "Lee", "ann@x.io"));
      assertThat(when(current, hired(42, "Sales", "Ann", "Lee", "ann@x.io"))).isEqualTo(current);
    }

    @Test
    void escapesForbiddenCharactersInTheEmailKey() {
      Map<String, Map<String, Object>> rows = given(hired(1, "Sales", "A", "B", "a/b#c?d%e@x.io"));
      assertThat(rows).containsKey("email_a%2Fb%23c%3Fd%25e@x.io");
    }
  }

  @Nested
  class EmployeeDetailsChangedEvent {

    @Test
    void updatesTheEmployeeAndMovesItsEmailCopy() {
      Map<String, Map<String, Object>> current = given(departmentCreated("Sales", "Sales"), hired(5, "Sales", "Ann", "Lee", "ann@x.io"));

      Map<String, Map<String, Object>> rows = when(current, changed(5, 2, "Sales", "Anna", "Lee-Park", "anna@x.io", 31));

      assertThat(rows.get("empid_00000005"))
          .containsEntry("FirstName", "Anna")
          .containsEntry("LastName", "Lee-Park")
          .containsEntry("Email", "anna@x.io")
          .containsEntry("Age", 31)
          .containsEntry("Version", 2L)
          .containsEntry("HiredAt", HrEvents.T0.plusMillis(1));
      assertThat(rows).doesNotContainKey("email_ann@x.io").containsKey("email_anna@x.io");
      assertThat(rows.get("email_anna@x.io").get("Version")).isEqualTo(2L);
      assertThat(rows.get("department").get("EmployeeCount")).isEqualTo(1);
    }

    @Test
    void aChangeOfCaseAloneRewritesTheSameCopyWithTheNewCase() {
      Map<String, Map<String, Object>> current = given(hired(5, "Sales", "Ann", "Lee", "ann@x.io"));

      Map<String, Map<String, Object>> rows = when(current, changed(5, 2, "Sales", "Ann", "Lee", "ANN@x.io", 30));

      assertThat((String) rows.get("email_ann@x.io").get("Email")).isEqualTo("ANN@x.io");
      assertThat(rows.keySet()).filteredOn(k -> k.startsWith("email_")).hasSize(1);
    }

    @Test
    void isIgnoredForAnEmployeeNotInThisPartition() {
      Map<String, Map<String, Object>> current = given(departmentCreated("Sales", "Sales"));
      assertThat(when(current, changed(5, 2, "Sales", "Anna", "Lee", "anna@x.io", 31))).isEqualTo(current);
    }

    @Test
    void doesNotRemoveAnEmailCopyThatAnotherEmployeeNowOwns() {
      Map<String, Map<String, Object>> current = given(hired(1, "Sales", "A", "A", "shared@x.io"));
      // Employee 2 took over the address (its event was projected first, from another Kafka partition).
      current = when(current, hired(2, "Sales", "B", "B", "b@x.io"), changed(2, 3, "Sales", "B", "B", "shared@x.io", 30));

      Map<String, Map<String, Object>> rows = when(current, changed(1, 2, "Sales", "A", "A", "new@x.io", 30));

      assertThat((String) rows.get("email_shared@x.io").get("EmployeeId")).isEqualTo("00000002");
      assertThat((String) rows.get("email_new@x.io").get("EmployeeId")).isEqualTo("00000001");
    }
  }

  @Test
  void transfersAndArchivesAreLeftToTheQueueWorkers() {
    Map<String, Map<String, Object>> current = given(departmentCreated("Sales", "Sales"), hired(5, "Sales", "Ann", "Lee", "ann@x.io"));
    EmployeeId id = new EmployeeId(5);

    Map<String, Map<String, Object>> rows = when(
        current,
        new EmployeeTransferred(HrEvents.meta(id.canonical(), 2), id, new DepartmentId("Sales"), new DepartmentId("Ops")),
        new EmployeeArchived(HrEvents.meta(id.canonical(), 3), id, new DepartmentId("Ops"), Optional.empty()));

    assertThat(rows).isEqualTo(current);
  }
}
