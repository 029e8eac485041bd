package io.tablecast.hr.audit;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.tables.ActivityLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.testkit.HrEvents;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What verify expects in the views, per event type: given an employee's events, then these rows. */
class ExpectedRowsTest {

  private static EmployeeAudit.Expected given(EmployeeEvent... history) {
    return EmployeeAudit.of(history[0].employeeId().canonical(), List.of(history));
  }

  private static Optional<RowChange.Put> row(EmployeeAudit.Expected expected, ViewTable table, String partitionKey, String rowKey) {
    return expected.rows().stream()
        .filter(r -> r.ref().equals(new RowRef(table, partitionKey, rowKey))).findFirst();
  }

  @Test
  void aHireExpectsTheEmployeeItsEmailCopyItsLocatorItsEmailEntryItsActivityAndItsLastName() {
    EmployeeAudit.Expected expected = given(hired(7, "Sales", "Ann", "Lee", "Ann@X.io"));

    assertThat(expected.rows()).extracting(RowChange.Put::ref).extracting(r -> r.table() + " " + r.partitionKey() + " " + r.rowKey())
        .containsExactlyInAnyOrder(
        "EMPLOYEE_INDEX empid_00000007 employee",
        "EMPLOYEES Sales empid_00000007",
        "EMPLOYEES Sales email_ann@x.io",
        "EMPLOYEE_INDEX email_ann@x.io employee",
        "EMPLOYEE_ACTIVITY 00000007 " + ActivityLayout.rowKey(HrEvents.T0.plusMillis(1), 1));
    assertThat(row(expected, ViewTable.EMPLOYEES, "Sales", "empid_00000007").orElseThrow().properties())
        .containsEntry("EntityType", "Employee").containsEntry("FirstName", "Ann").containsEntry("Age", 30)
        .containsEntry("HiredAt", HrEvents.T0.plusMillis(1)).containsEntry("EmailClaimedAt", HrEvents.T0.plusMillis(1))
        .containsEntry("Version", 1L);
    assertThat(row(expected, ViewTable.EMPLOYEES, "Sales", "email_ann@x.io").orElseThrow().properties())
        .containsEntry("EntityType", "EmployeeEmail").containsEntry("EmployeeId", "00000007").doesNotContainKey("Age");
    assertThat(expected.lastName()).contains(new LastNameEntry("lee", "Sales", "00000007"));
  }

  @Test
  void aDetailsChangeMovesTheEmailRowsAndTheLastNameAndAddsAnActivityRow() {
    EmployeeAudit.Expected expected = given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), changed(7, 2, "Sales", "Anne", "Li", "anne@x.io", 31));

    assertThat(row(expected, ViewTable.EMPLOYEES, "Sales", "email_ann@x.io")).isEmpty();
    assertThat(row(expected, ViewTable.EMPLOYEE_INDEX, "email_anne@x.io", "employee").orElseThrow().properties())
        .containsEntry("FirstName", "Anne").containsEntry("Version", 2L).containsEntry("EmailClaimedAt", HrEvents.T0.plusMillis(2));
    assertThat(expected.lastName()).contains(new LastNameEntry("li", "Sales", "00000007"));
    assertThat(expected.rows()).filteredOn(r -> r.ref().table() == ViewTable.EMPLOYEE_ACTIVITY).hasSize(2);
  }

  @Test
  void aTransferExpectsTheEmployeeInItsNewDepartmentOnly() {
    EmployeeAudit.Expected expected = given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), transferred(7, 2, "Sales", "Ops"));

    assertThat(row(expected, ViewTable.EMPLOYEES, "Sales", "empid_00000007")).isEmpty();
    assertThat(row(expected, ViewTable.EMPLOYEES, "Ops", "empid_00000007")).isPresent();
    assertThat(row(expected, ViewTable.EMPLOYEES, "Ops", "email_ann@x.io")).isPresent();
    assertThat(expected.lastName()).contains(new LastNameEntry("lee", "Ops", "00000007"));
  }

  @Test
  void anArchiveExpectsTheArchivedCopyTheLocatorAndActivityButNoCurrentRowNoEmailEntryNoLastName() {
    EmployeeAudit.Expected expected = given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), archived(7, 2, "Sales", "left"));

    assertThat(expected.rows()).extracting(r -> r.ref().table()).containsExactlyInAnyOrder(
        ViewTable.EMPLOYEE_INDEX, ViewTable.ARCHIVED_EMPLOYEES, ViewTable.EMPLOYEE_ACTIVITY, ViewTable.EMPLOYEE_ACTIVITY);
    assertThat(row(expected, ViewTable.ARCHIVED_EMPLOYEES, "Sales", "empid_00000007").orElseThrow().properties())
        .containsEntry("EntityType", "ArchivedEmployee").containsEntry("Reason", "left").containsEntry("ArchivedAt", HrEvents.T0.plusMillis(2));
    assertThat(row(expected, ViewTable.EMPLOYEE_INDEX, "empid_00000007", "employee").orElseThrow().properties())
        .containsEntry("Status", "Archived");
    assertThat(expected.lastName()).isEmpty();
  }

  @Test
  void aRedeliveredEventExpectsOneActivityRowAndChangesNothing() {
    EmployeeEvent hire = hired(7, "Sales", "Ann", "Lee", "ann@x.io");

    assertThat(given(hire, hire).rows()).isEqualTo(given(hire).rows());
  }

  @Test
  void departmentSummariesCountActiveEmployeesAndFollowTheManagersCurrentDetails() {
    DepartmentAudit departments = new DepartmentAudit(row -> Optional.empty());
    List<DepartmentEvent> log = List.of(departmentCreated("Sales", "Sales team"), departmentCreated("Ops", "Ops team"),
        managerAssigned("Sales", 2, 7, "Ann", "Lee", "ann@x.io"), managerAssigned("Ops", 2, 8, "Bob", "Ray", "bob@x.io"));
    log.forEach(departments::apply);

    given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), changed(7, 2, "Sales", "Anne", "Li", "anne@x.io", 31)).locator().ifPresent(departments::count);
    given(hired(8, "Ops", "Bob", "Ray", "bob@x.io"), archived(8, 2, "Ops", null)).locator().ifPresent(departments::count);
    given(hired(9, "Sales", "Cy", "Ray", "cy@x.io"), transferred(9, 2, "Sales", "Ops")).locator().ifPresent(departments::count);

    Map<String, Map<String, Object>> summaries = new TreeMap<>();
    departments.summaries().forEach(r -> summaries.put(r.ref().partitionKey(), r.properties()));
    assertThat(summaries.get("Sales")).containsEntry("Name", "Sales team").containsEntry("EmployeeCount", 1)
        .containsEntry("ManagerId", "00000007").containsEntry("ManagerFirstName", "Anne").containsEntry("ManagerEmail", "anne@x.io")
        .containsEntry("Version", 2L);
    assertThat(summaries.get("Ops")).containsEntry("EmployeeCount", 1).doesNotContainKeys("ManagerId", "ManagerFirstName");
  }
}
