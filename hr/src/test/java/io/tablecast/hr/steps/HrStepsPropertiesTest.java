package io.tablecast.hr.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.audit.DepartmentAudit;
import io.tablecast.hr.audit.EmployeeAudit;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.LastNameLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.HrHistory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * HR's views on the projection API, its steps included: however a log is delivered (batched, one
 * event at a time, folded whole, its tail again, its work late, shuffled and twice), the rows are
 * the same, and once the work has run they are what {@code verify} expects of the log.
 */
class HrStepsPropertiesTest {

  /** The worker rows left out: they list the departments an employee may manage, more or fewer with the order work ran in. */
  private static final ProjectionKit<DomainEvent> HR = ProjectionKit.of(HrProjections.VIEWS.projections())
      .exceptBookkeeping(ref -> ref.rowKey().equals(IndexLayout.WORKER_ROW));

  @Property(tries = 15)
  void everyWayOfDeliveringAnHrLogLeavesTheSameRows(@ForAll long seed, @ForAll @IntRange(min = 20, max = 400) int events) {
    HR.assertSameRowsEveryWay(HrHistory.generate(seed, 4, events, HrHistory.Mix.TYPICAL), seed);
  }

  @Property(tries = 15)
  void onceTheWorkHasRunTheRowsAreWhatVerifyExpects(@ForAll long seed, @ForAll @IntRange(min = 20, max = 400) int events) {
    List<DomainEvent> log = HrHistory.generate(seed, 4, events, HrHistory.Mix.TYPICAL);
    InMemoryViews<DomainEvent> views = new InMemoryViews<>(HrProjections.VIEWS.projections());
    Random random = new Random(seed);
    for (int from = 0; from < log.size(); ) {
      int size = 1 + random.nextInt(30);
      views.apply(log.subList(from, Math.min(log.size(), from + size)), random);
      from += size;
    }

    assertThat(comparable(views.rows())).isEqualTo(expected(log));
    assertThat(views.waiting()).isEmpty();
  }

  /** The rows, the worker rows left out (internal) and each last name's shards as the ids they list by department. */
  private static Map<String, Object> comparable(Map<RowRef, Map<String, Object>> rows) {
    Map<String, Object> comparable = new TreeMap<>();
    Map<String, TreeSet<String>> lastNames = new TreeMap<>();
    rows.forEach((ref, properties) -> {
      if (ref.table() == ViewTable.EMPLOYEES_BY_LAST_NAME) {
        lastNames.computeIfAbsent(ref.partitionKey() + " " + LastNameLayout.departmentOf(ref.rowKey()), k -> new TreeSet<>())
            .addAll(LastNameLayout.ids((String) properties.get(LastNameLayout.EMPLOYEE_IDS)));
      } else if (!ref.rowKey().equals(IndexLayout.WORKER_ROW)) {
        comparable.put(ref.table() + " " + ref.partitionKey() + " " + ref.rowKey(), new TreeMap<>(properties));
      }
    });
    lastNames.forEach((key, ids) -> comparable.put("last name " + key, ids));
    return comparable;
  }

  private static Map<String, Object> expected(List<DomainEvent> log) {
    DepartmentAudit departments = new DepartmentAudit(row -> Optional.empty());
    Map<String, List<EmployeeEvent>> histories = new LinkedHashMap<>();
    for (DomainEvent event : log) {
      if (event instanceof DepartmentEvent d) {
        departments.apply(d);
      } else {
        histories.computeIfAbsent(event.metadata().aggregateId(), id -> new ArrayList<>()).add((EmployeeEvent) event);
      }
    }
    Map<String, Object> expected = new TreeMap<>();
    Map<String, TreeSet<String>> lastNames = new TreeMap<>();
    histories.forEach((id, history) -> {
      history.sort(Comparator.comparingLong(EmployeeEvent::version));
      EmployeeAudit.Expected rows = EmployeeAudit.of(id, history);
      rows.rows().forEach(row -> put(expected, row));
      rows.lastName().ifPresent(entry -> lastNames.computeIfAbsent(entry.partitionKey() + " " + entry.departmentId(),
          k -> new TreeSet<>()).add(entry.employeeId()));
      rows.locator().ifPresent(departments::count);
    });
    departments.summaries().forEach(row -> put(expected, row));
    lastNames.forEach((key, ids) -> expected.put("last name " + key, ids));
    return expected;
  }

  private static void put(Map<String, Object> rows, RowChange.Put row) {
    RowRef ref = row.ref();
    rows.put(ref.table() + " " + ref.partitionKey() + " " + ref.rowKey(), new TreeMap<>(row.properties()));
  }
}
