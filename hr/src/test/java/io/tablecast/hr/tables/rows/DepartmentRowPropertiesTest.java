package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.rows.RowArbitraries.asTableEntity;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The codec of the department summary: one layout, the same from a fold and from the SDK. */
class DepartmentRowPropertiesTest {

  @Property(tries = 200)
  void decodingWhatARowWritesGivesTheRowBack(@ForAll("rows") DepartmentRow row) {
    assertThat(DepartmentRow.from(row.properties())).isEqualTo(row);
  }

  @Property(tries = 200)
  void anEntityAsTheSdkReadsItDecodesToTheSameRow(@ForAll("rows") DepartmentRow row) {
    assertThat(DepartmentRow.from(asTableEntity(row.properties()))).isEqualTo(row);
  }

  @Example
  void aPlaceholderHoldsACountAndVersionZeroAndNothingElse() {
    assertThat(DepartmentRow.placeholder().properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "EntityType", "Department", "EmployeeCount", 0, "Version", 0L));
  }

  @Example
  void writesTheNamesAndTypesOfTheTable() {
    DepartmentRow row = new DepartmentRow("Sales", 2, "00000007", "Ann", "Lee", "ann@x.io", 5L, "e-5");

    assertThat(row.properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "EntityType", "Department", "Name", "Sales", "EmployeeCount", 2, "ManagerId", "00000007",
        "ManagerFirstName", "Ann", "ManagerLastName", "Lee", "ManagerEmail", "ann@x.io", "Version", 5L, "EventId", "e-5"));
  }

  @Provide
  Arbitrary<DepartmentRow> rows() {
    return RowArbitraries.combine(
        v -> new DepartmentRow((String) v.get(0), (Integer) v.get(1), (String) v.get(2), (String) v.get(3),
            (String) v.get(4), (String) v.get(5), (Long) v.get(6), (String) v.get(7)),
        List.of(RowArbitraries.strings(), RowArbitraries.ints(), RowArbitraries.strings(), RowArbitraries.strings(),
            RowArbitraries.strings(), RowArbitraries.strings(), RowArbitraries.longs(), RowArbitraries.strings()));
  }
}
