package io.tablecast.hr.tables.rows;

import static io.tablecast.hr.tables.rows.RowArbitraries.asTableEntity;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The codecs of the two email rows: one layout each, the same from a fold and from the SDK. */
class EmailRowsPropertiesTest {

  private static final Instant AT = Instant.parse("2026-01-02T03:04:05.123Z");
  private static final EmailClaim ANN = new EmailClaim("00000007", "Ann", "Lee", "ann@x.io", AT, 3L, "e-3");

  @Property(tries = 200)
  void decodingWhatACopyWritesGivesTheCopyBack(@ForAll("copies") EmailCopyRow row) {
    assertThat(EmailCopyRow.from(row.properties())).isEqualTo(row);
    assertThat(EmailCopyRow.from(asTableEntity(row.properties()))).isEqualTo(row);
  }

  @Property(tries = 200)
  void decodingWhatAnEntryWritesGivesTheEntryBack(@ForAll("entries") EmailEntryRow row) {
    assertThat(EmailEntryRow.from(row.properties())).isEqualTo(row);
    assertThat(EmailEntryRow.from(asTableEntity(row.properties()))).isEqualTo(row);
  }

  @Example
  void aCopyWritesTheNamesAndTypesOfTheTable() {
    assertThat(new EmailCopyRow(ANN).properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "EntityType", "EmployeeEmail", "EmployeeId", "00000007", "FirstName", "Ann", "LastName", "Lee",
        "Email", "ann@x.io", "EmailClaimedAt", AT, "Version", 3L, "EventId", "e-3"));
  }

  @Example
  void anEntryWritesTheClaimAndTheDepartment() {
    assertThat(new EmailEntryRow(ANN, "Sales").properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "EntityType", "EmailIndex", "EmployeeId", "00000007", "FirstName", "Ann", "LastName", "Lee",
        "Email", "ann@x.io", "EmailClaimedAt", AT, "Version", 3L, "EventId", "e-3", "DepartmentId", "Sales"));
  }

  @Provide
  Arbitrary<EmailCopyRow> copies() {
    return RowArbitraries.claims().map(c -> new EmailCopyRow((EmailClaim) c));
  }

  @Provide
  Arbitrary<EmailEntryRow> entries() {
    return RowArbitraries.claims().flatMap(c ->
        RowArbitraries.strings().map(department -> new EmailEntryRow((EmailClaim) c, (String) department)));
  }
}
