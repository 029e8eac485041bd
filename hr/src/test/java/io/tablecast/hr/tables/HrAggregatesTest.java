package io.tablecast.hr.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.projection.AggregateRow;
import io.tablecast.projection.RowRef;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class HrAggregatesTest {

  @Test
  void aDepartmentsVersionIsOnItsSummary_andAnEmployeesOnItsLocator() {
    assertThat(HrAggregates.DEPARTMENT.row().apply("Sales")).contains(new RowRef(ViewTable.EMPLOYEES, "Sales", "department"));
    assertThat(HrAggregates.EMPLOYEE.row().apply("42")).contains(new RowRef(ViewTable.EMPLOYEE_INDEX, "empid_00000042", "employee"));
  }

  @Test
  void anIdNoEmployeeCanHaveHasNoRow() {
    assertThat(HrAggregates.EMPLOYEE.row().apply("not-an-id")).isEmpty();
  }

  @Test
  void theVersionIsTheNumberInTheVersionColumn_andNothingElse() {
    assertThat(HrAggregates.EMPLOYEE.version(Map.of("Version", 7L, "Age", 30))).isEqualTo(OptionalLong.of(7));
    assertThat(HrAggregates.DEPARTMENT.version(Map.of("Version", 3))).isEqualTo(OptionalLong.of(3));
    assertThat(HrAggregates.DEPARTMENT.version(Map.of("Age", 30))).isEmpty();
    assertThat(HrAggregates.DEPARTMENT.version(Map.of("Version", "7"))).isEmpty();
  }

  @Test
  void anAggregateKindIsALowerCaseName() {
    for (String kind : new String[] {"", "Department", "order/line", "7order", "o".repeat(33)}) {
      assertThatThrownBy(() -> new AggregateRow(kind, id -> Optional.empty(), "Version")).as(kind)
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(HrAggregates.ALL).extracting(AggregateRow::kind).containsExactly("department", "employee");
  }
}
