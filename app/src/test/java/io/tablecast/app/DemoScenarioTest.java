package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class DemoScenarioTest {

  @Property(tries = 50)
  void theExpectedCountsAreTheHiresLessTheArchived(@ForAll @IntRange(min = 5, max = 2_000) int employees) {
    long archived = IntStream.rangeClosed(1, employees).filter(DemoScenario::isArchived).count();

    assertThat(DemoScenario.expectedCounts(employees).values().stream().mapToInt(Integer::intValue).sum())
        .isEqualTo(employees - archived);
  }

  @Property(tries = 50)
  void everyCommandHasItsOwnIdempotencyKey(@ForAll @IntRange(min = 5, max = 2_000) int employees) {
    DemoScenario s = DemoScenario.of(employees);
    List<String> keys = Stream.of(s.departments(), s.hires(), s.managers(), s.followUps().stream().flatMap(List::stream).toList())
        .flatMap(List::stream).map(DemoScenario.Step::idempotencyKey).toList();

    assertThat(keys).doesNotHaveDuplicates().allMatch(k -> k.length() <= 128);
  }

  @Test
  void managersStayActiveInTheirDepartmentsAndTransfersMoveToAnotherOne() {
    DemoScenario s = DemoScenario.of(300);

    assertThat(s.managers()).hasSize(DemoScenario.DEPARTMENTS.size());
    assertThat(IntStream.rangeClosed(1, 5)).allMatch(id -> !DemoScenario.isArchived(id) && !DemoScenario.isTransferred(id));
    assertThat(IntStream.rangeClosed(1, 300).filter(DemoScenario::isTransferred))
        .isNotEmpty().allMatch(id -> !DemoScenario.finalDepartment(id).equals(DemoScenario.department(id)));
    assertThat(s.followUps()).allMatch(steps -> steps.stream().map(DemoScenario.Step::path).distinct().count() == steps.size());
  }

  @Test
  void anEmployeeIsArchivedOnlyAfterItsOtherChanges() {
    DemoScenario s = DemoScenario.of(300);

    assertThat(s.followUps()).allMatch(steps -> steps.stream().filter(st -> st.path().endsWith("/archive")).count() <= 1
        && (steps.stream().noneMatch(st -> st.path().endsWith("/archive")) || steps.get(steps.size() - 1).path().endsWith("/archive")));
  }

  @Test
  void refusesFewerEmployeesThanDepartments() {
    assertThatThrownBy(() -> DemoScenario.of(4)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 5");
  }
}
