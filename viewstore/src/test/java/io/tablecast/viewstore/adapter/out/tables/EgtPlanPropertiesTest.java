package io.tablecast.viewstore.adapter.out.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.tables.EgtGuard;
import io.tablecast.events.DomainEvent;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.work.DepartmentPartition;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Turn;
import io.tablecast.projection.Turn.Write;
import io.tablecast.projection.ViewSet;
import io.tablecast.viewstore.domain.DepartmentHistories;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The engine's EGT planner over random histories of one department, far longer than one EGT
 * holds: each part it cuts fits one EGT, the partition keeps its invariants after every part, and
 * the parts end where one pass over the whole history does.
 */
class EgtPlanPropertiesTest {

  @Property(tries = 200)
  void eachPartFitsOneEgtAndKeepsThePartitionsInvariants(@ForAll("longHistories") List<DomainEvent> history) {
    Map<RowRef, Map<String, Object>> rows = new HashMap<>();
    int parts = 0;
    for (Turn<DomainEvent> rest = new Turn<>(DepartmentPartitions.PROJECTION, history); rest != null; parts++) {
      Map<RowRef, Map<String, Object>> read = Map.copyOf(rows);
      while (!rest.readsAfter(read).isEmpty()) { // as the engine does, the rows its events name first
        continue;
      }
      EgtPlan.Part<DomainEvent> part = EgtPlan.firstPart(rest, read);

      assertThat(part.turn().events()).isNotEmpty();
      assertThat(EgtPlan.fits(part.writes())).as("part %d", parts).isTrue();
      part.writes().forEach(write -> apply(rows, write));
      DepartmentHistories.assertInvariants(partition(rows));
      rest = EgtPlan.rest(rest, part);
    }

    assertThat(partition(rows)).isEqualTo(DepartmentPartition.fold(Map.of(), history));
    assertThat(parts).isGreaterThanOrEqualTo(1);
  }

  @Example
  void aTurnTooBigForOneEgtIsCutBetweenEventsWhereItStopsFitting() {
    ViewSet.Table table = ViewSet.table("Tally");
    ViewSet viewSet = ViewSet.of("tally", List.of(table), List.of());
    RowRef total = new RowRef(table, "p", "total");
    Projection<Integer> tally = Projection.of("tally", viewSet, n -> Optional.of("p"), n -> Set.of(total), (read, n) -> List.of(
        new RowChange.Put(new RowRef(table, "p", "n" + n), Map.of("N", n)),
        new RowChange.Put(total, Map.of("Count", read.get(total).map(row -> (Integer) row.get("Count")).orElse(0) + 1))));
    Turn<Integer> turn = new Turn<>(tally, IntStream.range(0, 150).boxed().toList());

    EgtPlan.Part<Integer> first = EgtPlan.firstPart(turn, Map.of());

    assertThat(first.turn().events()).hasSize(EgtGuard.MAX_OPERATIONS - 1);
    assertThat(first.writes()).hasSize(EgtGuard.MAX_OPERATIONS).contains(
        new Write(total, Write.Kind.INSERT, Map.of("Count", EgtGuard.MAX_OPERATIONS - 1)));
    assertThat(EgtPlan.rest(turn, first).events()).containsExactlyElementsOf(IntStream.range(99, 150).boxed().toList());
  }

  @Provide
  Arbitrary<List<DomainEvent>> longHistories() {
    return DepartmentHistories.histories(120, 300);
  }

  private static void apply(Map<RowRef, Map<String, Object>> rows, Write write) {
    switch (write.kind()) {
      case INSERT -> assertThat(rows.put(write.ref(), write.properties())).as("inserted %s", write.ref()).isNull();
      case REPLACE -> assertThat(rows.put(write.ref(), write.properties())).as("replaced %s", write.ref()).isNotNull();
      case DELETE -> assertThat(rows.remove(write.ref())).as("deleted %s", write.ref()).isNotNull();
      default -> throw new AssertionError("A turn over rows it read writes no " + write.kind() + ": " + write.ref());
    }
  }

  /** Department "D" of the histories, as the fold keeps it. */
  private static Map<String, Map<String, Object>> partition(Map<RowRef, Map<String, Object>> rows) {
    Map<String, Map<String, Object>> partition = new HashMap<>();
    rows.forEach((ref, properties) -> {
      if (ref.table() == ViewTable.EMPLOYEES && ref.partitionKey().equals("D")) {
        partition.put(ref.rowKey(), Map.copyOf(properties));
      }
    });
    return Map.copyOf(partition);
  }
}
