package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.rows.RowArbitraries.asTableEntity;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The codec of the {@code empid_} entity: one layout, the same from a fold and from the SDK. */
class EmployeeRowPropertiesTest {

  @Property(tries = 200)
  void decodingWhatARowWritesGivesTheRowBack(@ForAll("rows") EmployeeRow row) {
    assertThat(EmployeeRow.from(row.properties())).isEqualTo(row);
  }

  @Property(tries = 200)
  void anEntityAsTheSdkReadsItDecodesToTheSameRow(@ForAll("rows") EmployeeRow row) {
    assertThat(EmployeeRow.from(asTableEntity(row.properties()))).isEqualTo(row);
  }

  @Example
  void writesTheNamesAndTypesOfTheTable() {
    Instant hired = Instant.parse("2026-01-02T03:04:05.123Z");
    EmployeeRow row = new EmployeeRow(new EmployeeDetails("00000007", "Ann", "Lee", "ann@x.io", 41, hired), hired, 3L, "e-3");

    assertThat(row.properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "EntityType", "Employee", "EmployeeId", "00000007", "FirstName", "Ann", "LastName", "Lee",
        "Email", "ann@x.io", "Age", 41, "HiredAt", hired, "EmailClaimedAt", hired, "Version", 3L, "EventId", "e-3"));
  }

  @Provide
  Arbitrary<EmployeeRow> rows() {
    return RowArbitraries.combine(
        v -> new EmployeeRow((EmployeeDetails) v.get(0), (Instant) v.get(1), (Long) v.get(2), (String) v.get(3)),
        List.of(RowArbitraries.details(), RowArbitraries.instants(), RowArbitraries.longs(), RowArbitraries.strings()));
  }
}
