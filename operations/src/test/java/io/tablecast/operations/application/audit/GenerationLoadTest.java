package io.tablecast.operations.application.audit;

import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.events.DomainEvent;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.steps.WorkerRow;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.work.LastNameShards;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a bulk load writes, beyond the rows {@code verify} expects: packed last-name shards and settled workers' state. */
class GenerationLoadTest {

  @TempDir
  Path spill;

  /** Keeps what it is given, in order. */
  private static final class Rows implements RowWriter {
    final List<RowChange.Put> rows = new ArrayList<>();
    final Map<String, WorkerRow> workers = new LinkedHashMap<>();
    boolean flushed;

    /** The workers' own rows apart, as the states they hold. */
    @Override
    public void write(RowChange.Put row) {
      if (HrProjections.AUDIT.internal(row.ref())) {
        workers.put(row.ref().partitionKey(), WorkerRow.from(row.properties()));
      } else {
        rows.add(row);
      }
    }

    @Override
    public void flush() {
      flushed = true;
    }

    @Override
    public long stored() {
      return rows.size() + workers.size();
    }

    @Override
    public Map<ViewSet.Table, Long> storedByTable() {
      return Map.of();
    }

    @Override
    public void close() {}
  }

  private GenerationLoad.Report load(List<DomainEvent> log, Rows rows) {
    EventLog<DomainEvent> events = sink -> {
      for (int offset = 0; offset < log.size(); offset++) {
        sink.event(log.get(offset), offset);
      }
      return log.size();
    };
    return GenerationLoad.load(HrProjections.AUDIT, events, rows, new Verifier.Settings(spill, 97, 20), FailurePolicy.DEAD_LETTER, VerifyProgress.NONE);
  }

  @Test
  void theIdsOfOneLastNameInOneDepartmentArePackedInIdOrderIntoFullShards() throws Exception {
    List<DomainEvent> log = new ArrayList<>();
    IntStream.rangeClosed(1, 2_500).map(n -> 2_501 - n) // hired in descending id order
        .forEach(id -> log.add(hired(id, "Sales", "F" + id, "Lee", "e" + id + "@x.io")));
    Rows rows = new Rows();

    GenerationLoad.Report report = load(log, rows);

    List<RowChange.Put> shards = rows.rows.stream().filter(r -> r.ref().table() == ViewTable.EMPLOYEES_BY_LAST_NAME).toList();
    assertThat(shards).extracting((RowChange.Put r) -> r.ref().partitionKey()).containsOnly("lee");
    assertThat(shards).extracting((RowChange.Put r) -> r.ref().rowKey()).containsExactly("Sales_00", "Sales_01", "Sales_02");
    assertThat(shards).extracting(r -> r.properties().get(LastNameShards.COUNT)).containsExactly(1_000, 1_000, 500);
    assertThat((String) shards.get(0).properties().get(LastNameShards.EMPLOYEE_IDS)).startsWith("00000001,00000002,");
    assertThat((String) shards.get(2).properties().get(LastNameShards.EMPLOYEE_IDS)).endsWith(",00002500");
    assertThat(report.eventsRead()).isEqualTo(2_500);
    assertThat(rows.flushed).isTrue();
    try (var left = Files.list(spill)) {
      assertThat(left).as("the sorters' files are deleted").isEmpty();
    }
  }

  @Test
  void eventsTheLivePathCannotApplyAreLeftOutAndReportedAsItLeavesThemOut() {
    List<DomainEvent> log = List.of(hired(7, "Sales", "Ann", "Lee", "ann@x.io"),
        changed(7, 2, "Sales", "Ann", "L".repeat(40_000), "ann@x.io", 31), hired(8, "Sales", "Bob", "Ray", "bob@x.io"));
    Rows rows = new Rows();
    EventLog<DomainEvent> events = sink -> {
      for (int offset = 0; offset < log.size(); offset++) {
        sink.event(log.get(offset), offset);
      }
      sink.undecodable(new PartitionRef("t.employee-events", 0), 3, "not an event");
      return log.size();
    };

    GenerationLoad.Report report = GenerationLoad.load(HrProjections.AUDIT, events, rows, new Verifier.Settings(spill, 97, 20), FailurePolicy.DEAD_LETTER,
        VerifyProgress.NONE);

    assertThat(report.parked()).isEqualTo(2);
    assertThat(report.pausedAt()).isEmpty();
    assertThat(report.parkedShown()).containsExactly("t.employee-events-0@3: cannot be decoded: not an event",
        "employee 00000007 version 2: property LastName is 80000 bytes, over the limit of 64 KiB");
    RowChange.Put ann = rows.rows.stream().filter(r -> r.ref().equals(new RowRef(ViewTable.EMPLOYEES, "Sales", "empid_00000007")))
        .findFirst().orElseThrow();
    assertThat(ann.properties()).containsEntry("LastName", "Lee").containsEntry("Version", 1L);
    assertThat(rows.rows).anyMatch(r -> r.ref().rowKey().equals("empid_00000008"));
  }

  @Test
  void underThePausePolicyARecordThatDoesNotDecodeEndsItsPartitionsFoldThere() {
    PartitionRef partition = new PartitionRef("t.employee-events", 0);
    EventLog<DomainEvent> events = sink -> {
      sink.event(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), 0);
      if (sink.undecodable(partition, 1, "not an event")) {
        sink.event(hired(8, "Sales", "Bob", "Ray", "bob@x.io"), 2);
      }
      return 1;
    };
    Rows rows = new Rows();

    GenerationLoad.Report report = GenerationLoad.load(HrProjections.AUDIT, events, rows, new Verifier.Settings(spill, 97, 20), FailurePolicy.PAUSE,
        VerifyProgress.NONE);

    assertThat(report.pausedAt()).isEqualTo(Map.of(partition, 1L));
    assertThat(report.parked()).isEqualTo(1);
    assertThat(rows.rows).anyMatch(r -> r.ref().rowKey().equals("empid_00000007"))
        .noneMatch(r -> r.ref().rowKey().equals("empid_00000008"));
  }

  @Test
  void underThePausePolicyAnEventWhoseRowsTheStoreRefusesEndsTheLoadWithAnError() {
    List<DomainEvent> log = List.of(hired(7, "Sales", "Ann", "L".repeat(40_000), "ann@x.io"));
    EventLog<DomainEvent> events = sink -> {
      sink.event(log.get(0), 0);
      return 1;
    };

    assertThatThrownBy(() -> GenerationLoad.load(HrProjections.AUDIT, events, new Rows(), new Verifier.Settings(spill, 97, 20), FailurePolicy.PAUSE,
        VerifyProgress.NONE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("employee 00000007 version 1", "over the limit of 64 KiB", "the pause policy");
  }

  @Test
  void eachEmployeesWorkerStateIsSettledOnItsIndexEntriesAndFollowsTheDepartmentsItManagesNow() {
    List<DomainEvent> log = List.of(
        departmentCreated("Sales", "Sales"), departmentCreated("Ops", "Operations"),
        hired(7, "Sales", "Ann", "Lee", "Ann@X.io"), hired(8, "Ops", "Bob", "Ray", "bob@x.io"),
        managerAssigned("Sales", 2, 7, "Ann", "Lee", "Ann@X.io"), managerAssigned("Ops", 2, 7, "Ann", "Lee", "Ann@X.io"),
        managerAssigned("Ops", 3, 8, "Bob", "Ray", "bob@x.io"));
    Rows rows = new Rows();

    load(log, rows);

    WorkerRow ann = rows.workers.get("empid_00000007");
    assertThat(ann.indexed()).isEqualTo(new WorkerRow.IndexEntries(Optional.of("ann@x.io"),
        Optional.of(new WorkerRow.LastNameEntry("Lee", "Sales"))));
    assertThat(ann.managed()).containsExactly("Sales");
    assertThat(ann.isSettled()).isTrue();
    assertThat(ann.staleEmails()).isEmpty();
    assertThat(ann.version()).isEqualTo(1);
    assertThat(rows.workers.get("empid_00000008").managed()).isEqualTo(Set.of("Ops"));
  }
}
