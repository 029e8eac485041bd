package io.tablecast.hr.audit;

import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.steps.WorkerRow;
import io.tablecast.hr.steps.WorkerRow.IndexEntries;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.LastNameLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.hr.work.LastNameShards;
import io.tablecast.projection.LogAudit;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.schemas.EventCodec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;

/**
 * HR's log, as {@code verify} and a rebuild fold it: department events as they are read, into the
 * summaries ({@link DepartmentAudit}); each employee's events together ({@link EmployeeAudit}),
 * with the workers' own row of the employee settled where its locator says; the last-name shards
 * compared as sets of ids per last name and department, and packed anew, in id order, by a
 * rebuild.
 */
public final class HrAudit implements LogAudit<DomainEvent> {

  private static final EventCodec CODEC = EventCodec.create();
  private static final PackedTable LAST_NAMES = new PackedTable() {
    @Override
    public ViewTable table() {
      return ViewTable.EMPLOYEES_BY_LAST_NAME;
    }

    @Override
    public Packed unpack(String partitionKey, String rowKey, Map<String, Object> properties) {
      String department = rowKey.contains("_") ? LastNameLayout.departmentOf(rowKey) : rowKey;
      return new Packed(department, LastNameLayout.ids(properties.get(LastNameLayout.EMPLOYEE_IDS) instanceof String s ? s : null));
    }

    @Override
    public List<RowChange.Put> pack(String partitionKey, String group, List<String> members) {
      return LastNameShards.update(group, Map.of(), members, Set.of()).entrySet().stream()
          .map(shard -> new RowChange.Put(new RowRef(ViewTable.EMPLOYEES_BY_LAST_NAME, partitionKey, shard.getKey()), shard.getValue()))
          .toList();
    }

    @Override
    public String shown(String group) {
      return group + "_*";
    }

    @Override
    public String members() {
      return "ids";
    }
  };

  @Override
  public ProjectedViewSet<DomainEvent> views() {
    return HrProjections.VIEWS;
  }

  @Override
  public Optional<String> aggregate(DomainEvent event) {
    return event instanceof EmployeeEvent e ? Optional.of(e.employeeId().canonical()) : Optional.empty();
  }

  @Override
  public long version(DomainEvent event) {
    return event.version();
  }

  @Override
  public byte[] encode(DomainEvent event) {
    return CODEC.encode(event);
  }

  @Override
  public DomainEvent decode(byte[] encoded) {
    return CODEC.decode(encoded);
  }

  @Override
  public String describe(DomainEvent event) {
    return (event instanceof EmployeeEvent e ? "employee " + e.employeeId().canonical()
        : ((DepartmentEvent) event).departmentId().value()) + " version " + event.version();
  }

  @Override
  public List<PackedTable> packed() {
    return List.of(LAST_NAMES);
  }

  /** The workers' own row of an employee (SPEC §3: internal, so a rebuilt generation may hold different properties). */
  @Override
  public boolean internal(RowRef ref) {
    return ref.table() == ViewTable.EMPLOYEE_INDEX && ref.rowKey().equals(IndexLayout.WORKER_ROW);
  }

  @Override
  public Fold<DomainEvent> fold(Function<RowChange.Put, Optional<String>> refusal) {
    DepartmentAudit departments = new DepartmentAudit(refusal);
    return new Fold<>() {
      @Override
      public Optional<String> read(DomainEvent event) {
        return departments.apply((DepartmentEvent) event);
      }

      @Override
      public Expected aggregate(String employeeId, List<DomainEvent> events) {
        EmployeeAudit.Expected expected = EmployeeAudit.of(employeeId, events.stream().map(EmployeeEvent.class::cast).toList());
        return new Expected(expected.rows(), expected.lastName().stream()
            .map(entry -> new Member(ViewTable.EMPLOYEES_BY_LAST_NAME, entry.partitionKey(), entry.departmentId(), entry.employeeId()))
            .toList());
      }

      /** The employee's final locator counts in its department, and the workers' row follows it, settled. */
      @Override
      public List<RowChange.Put> kept(String employeeId, Expected expected) {
        String partition = IndexLayout.locatorPartition(EmployeeId.parse(employeeId));
        return expected.rows().stream()
            .filter(row -> row.ref().table() == ViewTable.EMPLOYEE_INDEX && row.ref().partitionKey().equals(partition)
                && row.ref().rowKey().equals(IndexLayout.ROW))
            .map(row -> {
              LocatorRow locator = LocatorRow.from(row.properties());
              departments.count(locator);
              return new RowChange.Put(new RowRef(ViewTable.EMPLOYEE_INDEX, partition, IndexLayout.WORKER_ROW),
                  settled(locator, departments.managedBy(employeeId)).properties());
            })
            .toList();
      }

      @Override
      public List<RowChange.Put> end() {
        return departments.summaries();
      }
    };
  }

  /** The workers' state once every item of the employee is done: entries as the locator says, nothing stale. */
  private static WorkerRow settled(LocatorRow locator, Set<String> managed) {
    return new WorkerRow(IndexEntries.of(locator), Set.of(), Set.of(), managed, locator.version(), OptionalLong.empty(),
        Set.of(), Set.of());
  }
}
