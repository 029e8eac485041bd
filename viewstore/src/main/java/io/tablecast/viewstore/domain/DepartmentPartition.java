package io.tablecast.viewstore.domain;

import static io.tablecast.common.tables.EmployeesLayout.AGE;
import static io.tablecast.common.tables.EmployeesLayout.DEPARTMENT;
import static io.tablecast.common.tables.EmployeesLayout.EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.EMPLOYEE_COUNT;
import static io.tablecast.common.tables.EmployeesLayout.EMPLOYEE_ID;
import static io.tablecast.common.tables.EmployeesLayout.FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.HIRED_AT;
import static io.tablecast.common.tables.EmployeesLayout.LAST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_ID;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_LAST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.NAME;
import static io.tablecast.common.tables.EmployeesLayout.TYPE_DEPARTMENT;
import static io.tablecast.common.tables.EmployeesLayout.TYPE_EMPLOYEE;
import static io.tablecast.common.tables.IndexLayout.EMAIL_CLAIMED_AT;

import io.tablecast.common.tables.EmployeesLayout;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventVisitor;
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
    ViewEntity department = department();
    if (department.version() < e.version()) {
      put(department.with(NAME, e.name()).stamped(e.version(), eventId(e)));
    }
    return null;
  }

  @Override
  public Void on(DepartmentManagerAssigned e) {
    ViewEntity department = department();
    if (department.version() < e.version()) {
      put(department
          .with(MANAGER_ID, e.managerId().canonical())
          .with(MANAGER_FIRST_NAME, e.managerFirstName())
          .with(MANAGER_LAST_NAME, e.managerLastName())
          .with(MANAGER_EMAIL, e.managerEmail())
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
    ViewEntity employee =
        ViewEntity.of(rowKey, TYPE_EMPLOYEE)
            .with(EMPLOYEE_ID, e.employeeId().canonical())
            .with(FIRST_NAME, e.firstName())
            .with(LAST_NAME, e.lastName())
            .with(EMAIL, e.email())
            .with(AGE, e.age())
            .with(HIRED_AT, e.metadata().occurredAt())
            .with(EMAIL_CLAIMED_AT, e.metadata().occurredAt())
            .stamped(e.version(), eventId(e));
    if (existing == null) {
      adjustCount(+1);
    }
    replaceEmployee(existing, employee);
    return null;
  }

  @Override
  public Void on(EmployeeDetailsChanged e) {
    ViewEntity existing = rows.get(EmployeesLayout.employee(e.employeeId()));
    if (existing == null || existing.version() >= e.version()) {
      return null; // not in this partition (moved away), or already applied
    }
    ViewEntity changed = existing
        .with(FIRST_NAME, e.firstName())
        .with(LAST_NAME, e.lastName())
        .with(EMAIL, e.email())
        .with(AGE, e.age())
        .stamped(e.version(), eventId(e));
    boolean newAddress = !EmployeesLayout.email(existing.string(EMAIL)).equals(EmployeesLayout.email(e.email()));
    replaceEmployee(existing, newAddress ? changed.with(EMAIL_CLAIMED_AT, e.metadata().occurredAt()) : changed);
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
      String oldCopy = EmployeesLayout.email(before.string(EMAIL));
      ViewEntity copy = rows.get(oldCopy);
      if (copy != null && EmailClaims.owns(copy, before.string(EMPLOYEE_ID))) {
        remove(oldCopy);
      }
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
    String copyKey = EmployeesLayout.email(employee.string(EMAIL));
    ViewEntity copy = rows.get(copyKey);
    if (copy != null && EmailClaims.owns(copy, employee.string(EMPLOYEE_ID))) {
      remove(copyKey);
    }
    adjustCount(-1);
  }

  private ViewEntity department() {
    return rows.getOrDefault(
        DEPARTMENT,
        ViewEntity.of(DEPARTMENT, TYPE_DEPARTMENT).with(EMPLOYEE_COUNT, 0).with(ViewEntity.VERSION, 0L));
  }

  private void adjustCount(int delta) {
    ViewEntity department = department();
    put(department.with(EMPLOYEE_COUNT, department.integer(EMPLOYEE_COUNT) + delta));
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
