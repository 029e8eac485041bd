package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.rows.RowArbitraries.asTableEntity;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.hr.tables.rows.LocatorRow.Status;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The codec of the locator: one layout, the same from a fold and from the SDK. */
class LocatorRowPropertiesTest {

  @Property(tries = 200)
  void decodingWhatARowWritesGivesTheRowBack(@ForAll("rows") LocatorRow row) {
    assertThat(LocatorRow.from(row.properties())).isEqualTo(row);
  }

  @Property(tries = 200)
  void anEntityAsTheSdkReadsItDecodesToTheSameRow(@ForAll("rows") LocatorRow row) {
    assertThat(LocatorRow.from(asTableEntity(row.properties()))).isEqualTo(row);
  }

  @Example
  void writesTheNamesAndTypesOfTheTable() {
    Instant at = Instant.parse("2026-01-02T03:04:05.123Z");
    LocatorRow row = new LocatorRow(new EmployeeDetails("00000007", "Ann", "Lee", "ann@x.io", 41, at), "Sales",
        Status.Archived, at, at, "left", 6L, "e-6");

    assertThat(row.properties()).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
        Map.entry("EntityType", "EmployeeLocator"), Map.entry("EmployeeId", "00000007"), Map.entry("DepartmentId", "Sales"),
        Map.entry("Status", "Archived"), Map.entry("FirstName", "Ann"), Map.entry("LastName", "Lee"),
        Map.entry("Email", "ann@x.io"), Map.entry("Age", 41), Map.entry("HiredAt", at), Map.entry("EmailClaimedAt", at),
        Map.entry("ArchivedAt", at), Map.entry("Reason", "left"), Map.entry("Version", 6L), Map.entry("EventId", "e-6")));
  }

  @Provide
  Arbitrary<LocatorRow> rows() {
    Arbitrary<Object> statuses = Arbitraries.of(Status.class).injectNull(0.1).map(s -> s);
    return RowArbitraries.combine(
        v -> new LocatorRow((EmployeeDetails) v.get(0), (String) v.get(1), (Status) v.get(2), (Instant) v.get(3),
            (Instant) v.get(4), (String) v.get(5), (Long) v.get(6), (String) v.get(7)),
        List.of(RowArbitraries.details(), RowArbitraries.strings(), statuses, RowArbitraries.instants(),
            RowArbitraries.instants(), RowArbitraries.strings(), RowArbitraries.longs(), RowArbitraries.strings()));
  }
}
