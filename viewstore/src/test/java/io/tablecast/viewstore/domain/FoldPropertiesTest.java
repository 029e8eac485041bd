package io.tablecast.viewstore.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.testkit.HrEvents;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Properties of the fold over random histories of one department: redelivery changes nothing,
 * the partition-local invariants hold after every prefix and after every planned EGT, and the
 * planner cuts the same EGTs as folding every prefix afresh would.
 */
class FoldPropertiesTest {

  @Property(tries = 300)
  void redeliveringAnyPrefixesGivesTheSameRowsAsOneCleanPass(
      @ForAll("histories") List<DomainEvent> history, @ForAll("cuts") List<Integer> redeliveries) {
    Map<String, ViewEntity> clean = DepartmentPartition.fold(Map.of(), history);

    Map<String, ViewEntity> rows = Map.of();
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
      assertInvariants(DepartmentPartition.fold(Map.of(), history.subList(0, n)));
    }
  }

  @Property(tries = 200)
  void plannedBatchesFitOneEgtAndKeepTheInvariants(@ForAll("longHistories") List<DomainEvent> history) {
    Map<String, ViewEntity> rows = Map.of();
    List<DomainEvent> remaining = history;
    while (!remaining.isEmpty()) {
      BatchPlan plan = BatchPlan.first(rows, remaining);
      assertThat(plan.eventCount()).isPositive();
      assertThat(plan.changes()).hasSizeLessThanOrEqualTo(BatchPlan.MAX_OPERATIONS);
      assertThat(plan.changes()).extracting(RowChange::rowKey).doesNotHaveDuplicates();
      rows = apply(rows, plan.changes());
      assertInvariants(rows);
      remaining = remaining.subList(plan.eventCount(), remaining.size());
    }
    assertThat(rows).isEqualTo(DepartmentPartition.fold(Map.of(), history));
  }

  /** The planner folds an event at a time; the plan is the one of folding every prefix afresh. */
  @Property(tries = 100)
  void plansTheSameBatchesAsFoldingEveryPrefixAfresh(@ForAll("longHistories") List<DomainEvent> history) {
    Map<String, ViewEntity> rows = Map.of();
    List<DomainEvent> remaining = history;
    while (!remaining.isEmpty()) {
      Map<String, ViewEntity> current = rows;
      List<DomainEvent> events = remaining;
      BatchPlan everyPrefix = BatchPlan.firstFitting(current, events.size(), n -> DepartmentPartition.fold(current, events.subList(0, n)));

      BatchPlan plan = BatchPlan.first(current, events);

      assertThat(plan.eventCount()).isEqualTo(everyPrefix.eventCount());
      assertThat(plan.changes()).containsExactlyInAnyOrderElementsOf(everyPrefix.changes());
      rows = apply(rows, plan.changes());
      remaining = remaining.subList(plan.eventCount(), remaining.size());
    }
  }

  private static Map<String, ViewEntity> apply(Map<String, ViewEntity> rows, List<RowChange> changes) {
    Map<String, ViewEntity> next = new HashMap<>(rows);
    for (RowChange change : changes) {
      if (change instanceof RowChange.Insert i) {
        assertThat(next.put(i.rowKey(), i.after())).isNull();
      } else if (change instanceof RowChange.Replace r) {
        assertThat(next.put(r.rowKey(), r.after())).isEqualTo(r.before());
      } else if (change instanceof RowChange.Delete d) {
        assertThat(next.remove(d.rowKey())).isEqualTo(d.before());
      }
    }
    return Map.copyOf(next);
  }

  private static void assertInvariants(Map<String, ViewEntity> rows) {
    long employees = rows.keySet().stream().filter(k -> k.startsWith("empid_")).count();
    if (rows.containsKey("department")) {
      assertThat(rows.get("department").integer("EmployeeCount")).isEqualTo((int) employees);
    } else {
      assertThat(employees).isZero();
    }
    for (ViewEntity employee : rows.values()) {
      if (employee.rowKey().startsWith("empid_")) {
        ViewEntity copy = rows.get(io.tablecast.hr.tables.EmployeesLayout.email(employee.string("Email")));
        assertThat(copy).as("email copy of %s", employee.rowKey()).isNotNull();
        assertThat(copy.string("EmployeeId")).isEqualTo(employee.string("EmployeeId"));
        assertThat(copy.version()).isEqualTo(employee.version());
      }
    }
    long copies = rows.keySet().stream().filter(k -> k.startsWith("email_")).count();
    assertThat(copies).isEqualTo(employees);
  }

  @Provide
  Arbitrary<List<Integer>> cuts() {
    return Arbitraries.integers().between(0, 8).list().ofMaxSize(6);
  }

  @Provide
  Arbitrary<List<DomainEvent>> histories() {
    return histories(4, 20);
  }

  @Provide
  Arbitrary<List<DomainEvent>> longHistories() {
    return histories(120, 300);
  }

  /**
   * Random but valid histories of department "D": its creation and manager assignments at
   * increasing versions, hires of distinct ids, and detail changes (with unique emails per
   * employee) at increasing versions per employee, interleaved in any order between aggregates.
   */
  private static Arbitrary<List<DomainEvent>> histories(int maxEmployees, int maxChanges) {
    Arbitrary<Integer> employees = Arbitraries.integers().between(0, maxEmployees);
    Arbitrary<List<Integer>> changes = Arbitraries.integers().between(0, maxEmployees - 1).list().ofMaxSize(maxChanges);
    Arbitrary<Integer> managers = Arbitraries.integers().between(0, 3);
    Arbitrary<Long> seeds = Arbitraries.longs();
    return Combinators.combine(employees, changes, managers, seeds).as((n, changeTargets, managerCount, seed) -> {
      java.util.Random random = new java.util.Random(seed);
      List<List<DomainEvent>> streams = new ArrayList<>();
      List<DomainEvent> department = new ArrayList<>(List.of(HrEvents.departmentCreated("D", "Dept")));
      for (int m = 0; m < managerCount; m++) {
        department.add(HrEvents.managerAssigned("D", m + 2, 1, "M" + m, "N", "m" + m + "@x.io"));
      }
      streams.add(department);
      for (int id = 0; id < n; id++) {
        List<DomainEvent> employee = new ArrayList<>(List.of(HrEvents.hired(id, "D", "F" + id, "L", "e" + id + "@x.io")));
        int version = 2;
        for (int target : changeTargets) {
          if (target == id) {
            employee.add(HrEvents.changed(id, version, "D", "F" + id + "v" + version, "L", "e" + id + "v" + version + "@x.io", 20 + version));
            version++;
          }
        }
        streams.add(employee);
      }
      return interleave(streams, random);
    });
  }

  /** Merges per-aggregate streams in a random order, keeping each stream's own order. */
  private static List<DomainEvent> interleave(List<List<DomainEvent>> streams, java.util.Random random) {
    List<DomainEvent> merged = new ArrayList<>();
    int[] next = new int[streams.size()];
    List<Integer> open = new ArrayList<>();
    for (int i = 0; i < streams.size(); i++) {
      open.add(i);
    }
    while (!open.isEmpty()) {
      int pick = open.get(random.nextInt(open.size()));
      merged.add(streams.get(pick).get(next[pick]++));
      if (next[pick] == streams.get(pick).size()) {
        open.remove(Integer.valueOf(pick));
      }
    }
    return merged;
  }
}
