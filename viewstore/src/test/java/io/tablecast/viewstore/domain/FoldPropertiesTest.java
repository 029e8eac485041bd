package io.tablecast.viewstore.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.hr.work.DepartmentPartition;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Properties of the fold over random histories of one department: redelivery changes nothing,
 * and the partition-local invariants hold after every prefix.
 */
class FoldPropertiesTest {

  @Property(tries = 300)
  void redeliveringAnyPrefixesGivesTheSameRowsAsOneCleanPass(
      @ForAll("histories") List<DomainEvent> history, @ForAll("cuts") List<Integer> redeliveries) {
    Map<String, Map<String, Object>> clean = DepartmentPartition.fold(Map.of(), history);

    Map<String, Map<String, Object>> rows = Map.of();
    int applied = 0;
    for (int cut : redeliveries) {
      int upTo = Math.min(history.size(), applied + cut);
      rows = DepartmentPartition.fold(rows, history.subList(0, upTo)); // everything again from the start
      applied = upTo;
    }
    rows = DepartmentPartition.fold(rows, history);

    assertThat(rows).isEqualTo(clean);
  }

  @Property(tries = 300)
  void invariantsHoldAfterEveryPrefix(@ForAll("histories") List<DomainEvent> history) {
    for (int n = 0; n <= history.size(); n++) {
      DepartmentHistories.assertInvariants(DepartmentPartition.fold(Map.of(), history.subList(0, n)));
    }
  }

  @Provide
  Arbitrary<List<Integer>> cuts() {
    return Arbitraries.integers().between(0, 8).list().ofMaxSize(6);
  }

  @Provide
  Arbitrary<List<DomainEvent>> histories() {
    return DepartmentHistories.histories(4, 20);
  }
}
