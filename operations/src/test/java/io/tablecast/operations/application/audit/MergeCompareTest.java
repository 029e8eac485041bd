package io.tablecast.operations.application.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.operations.application.audit.Difference.Kind;
import io.tablecast.projection.LogAudit;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Given expected and actual entities, the merge classifies each difference. */
class MergeCompareTest {

  private static final Instant HIRED = Instant.parse("2026-03-01T09:00:00.123Z");

  private static String employee(String rowKey, String firstName, Object age, Object hiredAt) {
    return line(rowKey, Map.of("EntityType", "Employee", "FirstName", firstName, "Age", age, "HiredAt", hiredAt, "Version", 1L));
  }

  private static String line(String rowKey, Map<String, Object> properties) {
    return AuditRecords.line(new RowChange.Put(new RowRef(ViewTable.EMPLOYEES, "Sales", rowKey), properties));
  }

  private static String lastName(String department, String id, String shard) {
    return AuditRecords.line(new LogAudit.Member(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", department, id), shard);
  }

  private static List<Difference> compare(List<String> expected, List<String> actual) {
    List<Difference> differences = new ArrayList<>();
    try (DifferenceFinder finder = new DifferenceFinder(differences::add, HrProjections.AUDIT, 2)) {
      MergeCompare.run(sorted(expected), sorted(actual), finder);
    }
    return differences;
  }

  private static Iterator<String> sorted(List<String> lines) {
    return lines.stream().sorted().iterator();
  }

  @Test
  void equalEntitiesAreNoDifferenceWhateverTheNumberAndTimeTypes() {
    List<String> expected = List.of(employee("empid_00000001", "Ann", 30, HIRED));
    List<String> actual = List.of(employee("empid_00000001", "Ann", 30L, OffsetDateTime.ofInstant(HIRED, ZoneOffset.ofHours(2))));

    assertThat(compare(expected, actual)).isEmpty();
  }

  @Test
  void anEntityOnlyExpectedIsMissingOnlyInTheTableIsExtraAndOtherPropertiesAreDifferent() {
    List<String> expected = List.of(employee("empid_00000001", "Ann", 30, HIRED), employee("empid_00000002", "Bob", 30, HIRED));
    List<String> actual = List.of(employee("empid_00000002", "Rob", 30, HIRED), employee("empid_00000003", "Cy", 30, HIRED));

    assertThat(compare(expected, actual)).containsExactly(
        new Difference(ViewTable.EMPLOYEES, "Sales", "empid_00000001", Kind.MISSING, List.of()),
        new Difference(ViewTable.EMPLOYEES, "Sales", "empid_00000002", Kind.DIFFERENT, List.of("FirstName: expected \"Bob\", actual \"Rob\"")),
        new Difference(ViewTable.EMPLOYEES, "Sales", "empid_00000003", Kind.EXTRA, List.of()));
  }

  @Test
  void aPropertyOfAnotherTypeOrAbsentIsDifferent() {
    String expected = line("department", Map.of("Name", "S", "EmployeeCount", 2));
    String actual = line("department", Map.of("EmployeeCount", "2"));

    assertThat(compare(List.of(expected), List.of(actual))).singleElement().satisfies(d -> assertThat(d.details())
        .containsExactly("EmployeeCount: expected 2, actual \"2\"", "Name: expected \"S\", actual (absent)"));
  }

  @Test
  void lastNameShardsAreComparedAsIdSetsPerDepartmentWhateverTheirPacking() {
    List<String> expected = Stream.of("1", "2", "3").map(id -> lastName("Sales", id, "")).toList();
    List<String> actual = List.of(lastName("Sales", "3", "Sales_00"), lastName("Sales", "1", "Sales_01"), lastName("Sales", "2", "Sales_01"));

    assertThat(compare(expected, actual)).isEmpty();
  }

  @Test
  void aLastNameSetThatDiffersIsOneDifferenceListingMissingAndExtraIdsCapped() {
    List<String> expected = Stream.of("1", "2", "3", "4", "5").map(id -> lastName("Sales", id, "")).toList();
    List<String> actual = List.of(lastName("Sales", "1", "Sales_00"), lastName("Sales", "9", "Sales_00"), lastName("Ops", "1", "Ops_00"));

    assertThat(compare(expected, actual)).containsExactly(
        new Difference(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", "Ops_*", Kind.EXTRA, List.of("extra ids (1): 1")),
        new Difference(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", "Sales_*", Kind.DIFFERENT,
            List.of("missing ids (4): 2,3 and 2 more", "extra ids (1): 9")));
  }
}
