package io.tablecast.viewstore.domain;

import static io.tablecast.hr.tables.EmployeesLayout.DEPARTMENT;

import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventVisitor;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.EmployeeDetails;
import io.tablecast.hr.tables.rows.EmployeeRow;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The pure fold of one department partition of {@code Employees}: {@code (current rows, events)
 * → desired rows}. No infrastructure types; one handler per event.
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
 * Transfers and archives move employees across partitions and tables; queue workers do that
 * (SPEC §4), so they do not change this partition here.
 */
public final class DepartmentPartition implements EventVisitor<Void> {

  private final Map<String, ViewEntity> rows;
  /** The keys of the rows written or deleted since {@link #step} last cleared it. */
  private final Set<String> touched = new HashSet<>();

  DepartmentPartition(Map<String, ViewEntity> current) {
    this.rows = new LinkedHashMap<>(current);
  }

  /** Folds {@code events}, in order, into the {@code current} rows of one partition. */
  public static Map<String, ViewEntity> fold(Map<String, ViewEntity> current, List<? extends DomainEvent> events) {
    DepartmentPartition partition = new DepartmentPartition(current);
    events.forEach(partition::apply);
    return Map.copyOf(partition.rows);
  }

  /**
   * Puts one employee in this partition as the truth says, for the queue workers (SPEC §4):
   * {@code desired} is the employee row the partition must hold, or empty when the employee
   * belongs elsewhere (transferred away, archived). Whoever creates or deletes the row adjusts
   * the count and the email copy here too, so the invariants hold after every EGT.
   *
   * <p>A row newer than the truth is left alone: the truth (the locator) is written after the
   * projector's own EGT, so a worker may read it a moment behind a row; a later item, reading a
   * fresher truth, finishes the job.
   */
  public static Map<String, ViewEntity> place(Map<String, ViewEntity> current, String rowKey, Optional<ViewEntity> desired) {
    DepartmentPartition partition = new DepartmentPartition(current);
    ViewEntity existing = partition.rows.get(rowKey);
    long truthVersion = desired.map(ViewEntity::version).orElse(Long.MAX_VALUE);
    if (existing != null && existing.version() > truthVersion) {
      return Map.copyOf(partition.rows);
    }
    if (desired.isPresent()) {
      if (existing == null) {
        partition.adjustCount(+1);
      }
      if (!desired.get().equals(existing)) {
        partition.replaceEmployee(existing, desired.get());
      }
    } else if (existing != null) {
      partition.removeEmployee(existing);
    }
    return Map.copyOf(partition.rows);
  }

  private void apply(DomainEvent event) {
    event.accept(this);
  }

  /**
   * Folds one more event and returns the keys of the rows it wrote or deleted (a row written back
   * as it was may be among them), so that a planner can follow the changes an event at a time.
   */
  Set<String> step(DomainEvent event) {
    touched.clear();
    apply(event);
    return Set.copyOf(touched);
  }

  /** The row as folded so far, or null when there is none. */
  ViewEntity row(String rowKey) {
    return rows.get(rowKey);
  }

  @Override
  public Void on(DepartmentCreated e) {
    DepartmentRow department = department();
    if (department.version() < e.version()) {
      putDepartment(department.named(e.name()).stamped(e.version(), eventId(e)));
    }
    return null;
  }

  @Override
  public Void on(DepartmentManagerAssigned e) {
    DepartmentRow department = department();
    if (department.version() < e.version()) {
      putDepartment(department
          .managedBy(e.managerId().canonical(), e.managerFirstName(), e.managerLastName(), e.managerEmail())
          .stamped(e.version(), eventId(e)));
    }
    return null;
  }

  @Override
  public Void on(EmployeeHired e) {
    String rowKey = EmployeesLayout.employee(e.employeeId());
    ViewEntity existing = rows.get(rowKey);
    if (existing != null && existing.version() >= e.version()) {
      return null;
    }
    EmployeeRow employee = new EmployeeRow(EmployeeLocators.hired(e), e.metadata().occurredAt(), e.version(), eventId(e));
    if (existing == null) {
      adjustCount(+1);
    }
    replaceEmployee(existing, new ViewEntity(rowKey, employee.properties()));
    return null;
  }

  @Override
  public Void on(EmployeeDetailsChanged e) {
    ViewEntity existing = rows.get(EmployeesLayout.employee(e.employeeId()));
    if (existing == null || existing.version() >= e.version()) {
      return null; // not in this partition (moved away), or already applied
    }
    EmployeeRow employee = EmployeeRow.from(existing.properties());
    EmployeeRow changed = employee
        .with(employee.employee().changed(e.firstName(), e.lastName(), e.email(), e.age()))
        .stamped(e.version(), eventId(e));
    boolean newAddress = !EmployeesLayout.email(employee.employee().email()).equals(EmployeesLayout.email(e.email()));
    EmployeeRow claimed = newAddress ? changed.withEmailClaimedAt(e.metadata().occurredAt()) : changed;
    replaceEmployee(existing, new ViewEntity(existing.rowKey(), claimed.properties()));
    return null;
  }

  /** Moved across partitions by the transfer worker (SPEC §4), not here. */
  @Override
  public Void on(EmployeeTransferred e) {
    return null;
  }

  /** Moved to the archive by the archive worker (SPEC §4), not here. */
  @Override
  public Void on(EmployeeArchived e) {
    return null;
  }

  /**
   * Writes the employee row and keeps its single email copy in step with it. While an address
   * changes hands, two rows of a partition may name it for a moment (a worker may write a row a
   * step behind the projector); the copy then follows the newest claim ({@link EmailClaims}).
   */
  private void replaceEmployee(ViewEntity before, ViewEntity after) {
    if (before != null) {
      removeEmailCopy(employeeOf(before));
    }
    put(after);
    ViewEntity copy = TruthRows.emailCopy(after);
    if (EmailClaims.mayWrite(Optional.ofNullable(rows.get(copy.rowKey())), copy)) {
      put(copy);
    }
  }

  /** Deletes the employee row and its email copy, and one from the count. */
  private void removeEmployee(ViewEntity employee) {
    remove(employee.rowKey());
    removeEmailCopy(employeeOf(employee));
    adjustCount(-1);
  }

  /** Deletes the {@code email_} copy of the employee's address, if it names that employee. */
  private void removeEmailCopy(EmployeeDetails employee) {
    String copyKey = EmployeesLayout.email(employee.email());
    ViewEntity copy = rows.get(copyKey);
    if (copy != null && EmailClaims.owns(copy, employee.employeeId())) {
      remove(copyKey);
    }
  }

  private static EmployeeDetails employeeOf(ViewEntity row) {
    return EmployeeRow.from(row.properties()).employee();
  }

  /** The summary as folded so far; a {@link DepartmentRow#placeholder()} before anything wrote it. */
  private DepartmentRow department() {
    ViewEntity row = rows.get(DEPARTMENT);
    return row == null ? DepartmentRow.placeholder() : DepartmentRow.from(row.properties());
  }

  private void putDepartment(DepartmentRow department) {
    put(new ViewEntity(DEPARTMENT, department.properties()));
  }

  private void adjustCount(int delta) {
    putDepartment(department().countedBy(delta));
  }

  private void put(ViewEntity row) {
    rows.put(row.rowKey(), row);
    touched.add(row.rowKey());
  }

  private void remove(String rowKey) {
    rows.remove(rowKey);
    touched.add(rowKey);
  }

  private static String eventId(DomainEvent e) {
    return e.metadata().eventId().toString();
  }
}
