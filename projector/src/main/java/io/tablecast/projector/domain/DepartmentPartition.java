package io.tablecast.projector.domain;

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
import static io.tablecast.common.tables.EmployeesLayout.TYPE_EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.TYPE_EMPLOYEE;

import io.tablecast.common.tables.EmployeesLayout;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventVisitor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  private DepartmentPartition(Map<String, ViewEntity> current) {
    this.rows = new LinkedHashMap<>(current);
  }

  /** Folds {@code events}, in order, into the {@code current} rows of one partition. */
  public static Map<String, ViewEntity> fold(Map<String, ViewEntity> current, List<? extends DomainEvent> events) {
    DepartmentPartition partition = new DepartmentPartition(current);
    events.forEach(partition::apply);
    return Map.copyOf(partition.rows);
  }

  private void apply(DomainEvent event) {
    event.accept(this);
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
    replaceEmployee(
        existing,
        existing
            .with(FIRST_NAME, e.firstName())
            .with(LAST_NAME, e.lastName())
            .with(EMAIL, e.email())
            .with(AGE, e.age())
            .stamped(e.version(), eventId(e)));
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

  /** Writes the employee row and keeps its single email copy in step with it. */
  private void replaceEmployee(ViewEntity before, ViewEntity after) {
    if (before != null) {
      String oldCopy = EmployeesLayout.email(before.string(EMAIL));
      ViewEntity copy = rows.get(oldCopy);
      if (copy != null && before.string(EMPLOYEE_ID).equals(copy.string(EMPLOYEE_ID))) {
        rows.remove(oldCopy);
      }
    }
    put(after);
    put(ViewEntity.of(EmployeesLayout.email(after.string(EMAIL)), TYPE_EMAIL)
        .with(EMPLOYEE_ID, after.string(EMPLOYEE_ID))
        .with(FIRST_NAME, after.string(FIRST_NAME))
        .with(LAST_NAME, after.string(LAST_NAME))
        .with(EMAIL, after.string(EMAIL))
        .stamped(after.version(), after.string(ViewEntity.EVENT_ID)));
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
  }

  private static String eventId(DomainEvent e) {
    return e.metadata().eventId().toString();
  }
}
