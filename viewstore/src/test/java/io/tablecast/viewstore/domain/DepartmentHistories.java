package io.tablecast.viewstore.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.testkit.HrEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Random histories of one department, and the invariants its partition keeps after each of their prefixes. */
public final class DepartmentHistories {

  private DepartmentHistories() {}

  /** A department partition's invariants (SPEC §3): the summary counts its employees, and each has one copy of its address. */
  public static void assertInvariants(Map<String, Map<String, Object>> rows) {
    long employees = rows.keySet().stream().filter(k -> k.startsWith("empid_")).count();
    if (rows.containsKey("department")) {
      assertThat(rows.get("department").get("EmployeeCount")).isEqualTo((int) employees);
    } else {
      assertThat(employees).isZero();
    }
    rows.forEach((rowKey, employee) -> {
      if (rowKey.startsWith("empid_")) {
        Map<String, Object> copy = rows.get(EmployeesLayout.email((String) employee.get("Email")));
        assertThat(copy).as("email copy of %s", rowKey).isNotNull();
        assertThat(copy.get("EmployeeId")).isEqualTo(employee.get("EmployeeId"));
        assertThat(copy.get("Version")).isEqualTo(employee.get("Version"));
      }
    });
    long copies = rows.keySet().stream().filter(k -> k.startsWith("email_")).count();
    assertThat(copies).isEqualTo(employees);
  }

  /**
   * Random but valid histories of department "D": its creation and manager assignments at
   * increasing versions, hires of distinct ids, and detail changes (with unique emails per
   * employee) at increasing versions per employee, interleaved in any order between aggregates.
   */
  public static Arbitrary<List<DomainEvent>> histories(int maxEmployees, int maxChanges) {
    Arbitrary<Integer> employees = Arbitraries.integers().between(0, maxEmployees);
    Arbitrary<List<Integer>> changes = Arbitraries.integers().between(0, maxEmployees - 1).list().ofMaxSize(maxChanges);
    Arbitrary<Integer> managers = Arbitraries.integers().between(0, 3);
    Arbitrary<Long> seeds = Arbitraries.longs();
    return Combinators.combine(employees, changes, managers, seeds).as((n, changeTargets, managerCount, seed) -> {
      Random random = new Random(seed);
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
            String suffix = "v" + version;
            employee.add(HrEvents.changed(id, version, "D", "F" + id + suffix, "L", "e" + id + suffix + "@x.io", 20 + version));
            version++;
          }
        }
        streams.add(employee);
      }
      return interleave(streams, random);
    });
  }

  /** Merges per-aggregate streams in a random order, keeping each stream's own order. */
  private static List<DomainEvent> interleave(List<List<DomainEvent>> streams, Random random) {
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
