package io.tablecast.hr;

import static io.tablecast.hr.tables.EmployeesLayout.DEPARTMENT;

import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.EmailClaim;
import io.tablecast.hr.tables.rows.EmailCopyRow;
import io.tablecast.hr.tables.rows.EmployeeRow;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The department partitions of {@code Employees} (SPEC §3): in each, the department's summary
 * with its count of employees, an {@code empid_} row per employee and one {@code email_} copy per
 * address, kept in step in one EGT. One lane per department.
 *
 * <p>Guarantees, for every prefix of events applied:
 *
 * <ul>
 *   <li><b>Idempotent.</b> Each row carries the {@code Version} of the aggregate event that last
 *       changed it; an event not newer than the row is skipped, so redelivery changes nothing.
 *   <li><b>Partition-local invariants.</b> Whoever creates or deletes an {@code empid_} row
 *       adjusts {@code EmployeeCount} in the same fold, and every {@code empid_} row has exactly
 *       one {@code email_} copy.
 *   <li><b>Order between aggregates does not matter.</b> An employee event may be folded before
 *       its department's {@code DepartmentCreated} (they travel on different topics); the
 *       summary row is then created as a placeholder with {@code Version} 0 and no name, which
 *       the views treat as absent until the department event arrives.
 * </ul>
 *
 * Transfers and archives move employees across partitions and tables; the queue workers do that
 * (SPEC §4), placing each employee as its locator says ({@link #place}).
 */
public final class DepartmentPartitions {

  /**
   * Each department a lane. A department event reads the summary; a hire the summary, the
   * employee's row and the copy of its address; a change of details the employee's row and the
   * copy of its new address; both then, unless already applied, the copy of the address the
   * stored row holds, which they replace ({@link Projection#readsAfter}).
   */
  public static final Projection<DomainEvent> PROJECTION = new Projection<>() {
    @Override
    public String name() {
      return "department";
    }

    @Override
    public ViewSet viewSet() {
      return HrViewSet.HR;
    }

    @Override
    public Optional<String> lane(DomainEvent event) {
      return partitionOf(event);
    }

    @Override
    public Set<RowRef> reads(DomainEvent event) {
      Set<RowRef> reads = new LinkedHashSet<>();
      partitionOf(event).ifPresent(department -> {
        if (!(event instanceof EmployeeDetailsChanged)) {
          reads.add(ref(department, DEPARTMENT));
        }
        namedBy(event).ifPresent(named -> {
          reads.add(ref(department, EmployeesLayout.employee(named.employee())));
          reads.add(ref(department, EmployeesLayout.email(named.email())));
        });
      });
      return reads;
    }

    /** The rows an event creates: a new department's summary, a hire's row, the copy of a new address. */
    @Override
    public Set<RowRef> assumedAbsent(DomainEvent event) {
      Set<RowRef> created = new LinkedHashSet<>();
      partitionOf(event).ifPresent(department -> {
        if (event instanceof DepartmentCreated) {
          created.add(ref(department, DEPARTMENT));
        }
        if (event instanceof EmployeeHired hired) {
          created.add(ref(department, EmployeesLayout.employee(hired.employeeId())));
        }
        namedBy(event).ifPresent(named -> created.add(ref(department, EmployeesLayout.email(named.email()))));
      });
      return created;
    }

    @Override
    public Set<RowRef> readsAfter(DomainEvent event, Rows declared) {
      return partitionOf(event).flatMap(department -> namedBy(event)
          .flatMap(named -> declared.get(ref(department, EmployeesLayout.employee(named.employee()))))
          .filter(stored -> EmployeesLayout.version(stored) < event.version()) // an event already applied changes nothing
          .map(stored -> ref(department, EmployeesLayout.email(EmployeeRow.from(stored).employee().email()))))
          .map(Set::of).orElse(Set.of());
    }

    @Override
    public List<RowChange> fold(Rows rows, DomainEvent event) {
      Optional<String> department = partitionOf(event);
      if (department.isEmpty()) {
        return List.of();
      }
      Partition partition = new Partition(rowKey -> rows.get(ref(department.get(), rowKey)));
      partition.apply(event);
      return partition.changes(department.get());
    }
  };

  private DepartmentPartitions() {}

  /** Where a row of a department's partition is. */
  public static RowRef ref(String department, String rowKey) {
    return new RowRef(ViewTable.EMPLOYEES, department, rowKey);
  }

  /** The department partition that {@code event} changes, if any: transfers and archives go through the queue workers. */
  public static Optional<String> partitionOf(DomainEvent event) {
    if (event instanceof DepartmentEvent e) {
      return Optional.of(e.departmentId().value());
    } else if (event instanceof EmployeeHired e) {
      return Optional.of(e.departmentId().value());
    } else if (event instanceof EmployeeDetailsChanged e) {
      return Optional.of(e.departmentId().value());
    }
    return Optional.empty();
  }

  /**
   * Puts one employee in a partition as the truth says, for the queue workers (SPEC §4): {@code
   * desired} is the {@code empid_} row the partition must hold, or empty when the employee
   * belongs elsewhere (transferred away, archived). Whoever creates or deletes the row adjusts
   * the count and the email copy here too, so the invariants hold after every EGT.
   *
   * <p>A row newer than the truth is left alone: the truth (the locator) is written after the
   * projector's own EGT, so a worker may read it a moment behind a row; a later item, reading a
   * fresher truth, finishes the job.
   *
   * @param stored the partition's rows by RowKey, as stored
   * @return the rows to change, by RowKey: their new properties, or empty for a row to delete
   */
  public static Map<String, Optional<Map<String, Object>>> place(Function<String, Optional<Map<String, Object>>> stored,
      String rowKey, Optional<Map<String, Object>> desired) {
    Partition partition = new Partition(stored);
    Optional<Map<String, Object>> existing = partition.get(rowKey);
    long truthVersion = desired.map(EmployeesLayout::version).orElse(Long.MAX_VALUE);
    if (existing.isPresent() && EmployeesLayout.version(existing.get()) > truthVersion) {
      return Map.of();
    }
    if (desired.isPresent()) {
      if (existing.isEmpty()) {
        partition.adjustCount(+1);
      }
      if (!desired.equals(existing)) {
        partition.replaceEmployee(existing, rowKey, desired.get());
      }
    } else {
      existing.ifPresent(row -> partition.removeEmployee(rowKey, row));
    }
    return Collections.unmodifiableMap(partition.changed);
  }

  /** Who a hire or a change of details names, and the address it gives. */
  private record Named(EmployeeId employee, String email) {}

  private static Optional<Named> namedBy(DomainEvent event) {
    if (event instanceof EmployeeHired e) {
      return Optional.of(new Named(e.employeeId(), e.email()));
    } else if (event instanceof EmployeeDetailsChanged e) {
      return Optional.of(new Named(e.employeeId(), e.email()));
    }
    return Optional.empty();
  }

  /** One partition as an event or a placement changes it: the rows as stored, under the rows changed so far. */
  private static final class Partition {

    private final Function<String, Optional<Map<String, Object>>> stored;
    private final Map<String, Optional<Map<String, Object>>> changed = new LinkedHashMap<>();

    Partition(Function<String, Optional<Map<String, Object>>> stored) {
      this.stored = stored;
    }

    Optional<Map<String, Object>> get(String rowKey) {
      return changed.containsKey(rowKey) ? changed.get(rowKey) : stored.apply(rowKey);
    }

    List<RowChange> changes(String department) {
      return changed.entrySet().stream().<RowChange>map(row -> row.getValue()
          .<RowChange>map(properties -> new RowChange.Put(ref(department, row.getKey()), properties))
          .orElseGet(() -> new RowChange.Delete(ref(department, row.getKey())))).toList();
    }

    void apply(DomainEvent event) {
      if (event instanceof DepartmentCreated e) {
        DepartmentRow department = department();
        if (department.version() < e.version()) {
          putDepartment(department.named(e.name()).stamped(e.version(), eventId(e)));
        }
      } else if (event instanceof DepartmentManagerAssigned e) {
        DepartmentRow department = department();
        if (department.version() < e.version()) {
          putDepartment(department.managedBy(e.managerId().canonical(), e.managerFirstName(), e.managerLastName(), e.managerEmail())
              .stamped(e.version(), eventId(e)));
        }
      } else if (event instanceof EmployeeHired e) {
        hired(e);
      } else if (event instanceof EmployeeDetailsChanged e) {
        changed(e);
      }
    }

    private void hired(EmployeeHired e) {
      String rowKey = EmployeesLayout.employee(e.employeeId());
      Optional<Map<String, Object>> existing = get(rowKey);
      if (existing.isPresent() && EmployeesLayout.version(existing.get()) >= e.version()) {
        return;
      }
      EmployeeRow employee = new EmployeeRow(EmployeeLocators.hired(e), e.metadata().occurredAt(), e.version(), eventId(e));
      if (existing.isEmpty()) {
        adjustCount(+1);
      }
      replaceEmployee(existing, rowKey, employee.properties());
    }

    private void changed(EmployeeDetailsChanged e) {
      String rowKey = EmployeesLayout.employee(e.employeeId());
      Optional<Map<String, Object>> existing = get(rowKey);
      if (existing.isEmpty() || EmployeesLayout.version(existing.get()) >= e.version()) {
        return; // not in this partition (moved away), or already applied
      }
      EmployeeRow employee = EmployeeRow.from(existing.get());
      EmployeeRow changed = employee
          .with(employee.employee().changed(e.firstName(), e.lastName(), e.email(), e.age()))
          .stamped(e.version(), eventId(e));
      boolean newAddress = !EmployeesLayout.email(employee.employee().email()).equals(EmployeesLayout.email(e.email()));
      replaceEmployee(existing, rowKey, (newAddress ? changed.withEmailClaimedAt(e.metadata().occurredAt()) : changed).properties());
    }

    /**
     * Writes the employee row and keeps its single email copy in step with it. While an address
     * changes hands, two rows of a partition may name it for a moment (a worker may write a row a
     * step behind the projector); the copy then follows the newest claim ({@link EmailClaims}).
     */
    void replaceEmployee(Optional<Map<String, Object>> before, String rowKey, Map<String, Object> after) {
      before.ifPresent(this::removeEmailCopy);
      put(rowKey, after);
      EmailClaim claim = EmailClaim.of(EmployeeRow.from(after));
      String copyKey = EmployeesLayout.email(claim.email());
      Map<String, Object> copy = new EmailCopyRow(claim).properties();
      if (EmailClaims.mayWrite(get(copyKey), copy)) {
        put(copyKey, copy);
      }
    }

    /** Deletes the employee row and its email copy, and one from the count. */
    void removeEmployee(String rowKey, Map<String, Object> employee) {
      remove(rowKey);
      removeEmailCopy(employee);
      adjustCount(-1);
    }

    /** Deletes the {@code email_} copy of the employee's address, if it names that employee. */
    private void removeEmailCopy(Map<String, Object> employeeRow) {
      EmployeeRow employee = EmployeeRow.from(employeeRow);
      String copyKey = EmployeesLayout.email(employee.employee().email());
      if (get(copyKey).filter(copy -> EmailClaims.owns(copy, employee.employee().employeeId())).isPresent()) {
        remove(copyKey);
      }
    }

    /** The summary as folded so far; a {@link DepartmentRow#placeholder()} before anything wrote it. */
    private DepartmentRow department() {
      return get(DEPARTMENT).map(DepartmentRow::from).orElseGet(DepartmentRow::placeholder);
    }

    private void putDepartment(DepartmentRow department) {
      put(DEPARTMENT, department.properties());
    }

    void adjustCount(int delta) {
      putDepartment(department().countedBy(delta));
    }

    private void put(String rowKey, Map<String, Object> properties) {
      changed.put(rowKey, Optional.of(properties));
    }

    private void remove(String rowKey) {
      changed.put(rowKey, Optional.empty());
    }

    private static String eventId(DomainEvent e) {
      return e.metadata().eventId().toString();
    }
  }
}
