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

/** The codec of the archived employee: one layout, the same from a fold and from the SDK. */
class ArchivedEmployeeRowPropertiesTest {

  @Property(tries = 200)
  void decodingWhatARowWritesGivesTheRowBack(@ForAll("rows") ArchivedEmployeeRow row) {
    assertThat(ArchivedEmployeeRow.from(row.properties())).isEqualTo(row);
  }

  @Property(tries = 200)
  void anEntityAsTheSdkReadsItDecodesToTheSameRow(@ForAll("rows") ArchivedEmployeeRow row) {
    assertThat(ArchivedEmployeeRow.from(asTableEntity(row.properties()))).isEqualTo(row);
  }

  @Example
  void writesTheNamesAndTypesOfTheTableAndNoReasonWhenNoneWasGiven() {
    Instant at = Instant.parse("2026-01-02T03:04:05.123Z");
    ArchivedEmployeeRow row = new ArchivedEmployeeRow(new EmployeeDetails("00000007", "Ann", "Lee", "ann@x.io", 41, at), at, null, 4L, "e-4");

    assertThat(row.properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "EntityType", "ArchivedEmployee", "EmployeeId", "00000007", "FirstName", "Ann", "LastName", "Lee",
        "Email", "ann@x.io", "Age", 41, "HiredAt", at, "ArchivedAt", at, "Version", 4L, "EventId", "e-4"));
  }

  @Provide
  Arbitrary<ArchivedEmployeeRow> rows() {
    return RowArbitraries.combine(
        v -> new ArchivedEmployeeRow((EmployeeDetails) v.get(0), (Instant) v.get(1), (String) v.get(2), (Long) v.get(3),
            (String) v.get(4)),
        List.of(RowArbitraries.details(), RowArbitraries.instants(), RowArbitraries.strings(), RowArbitraries.longs(),
            RowArbitraries.strings()));
  }
}
