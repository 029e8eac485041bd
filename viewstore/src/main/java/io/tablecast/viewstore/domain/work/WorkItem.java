package io.tablecast.viewstore.domain.work;

import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.hr.tables.rows.EmployeeDetails;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.viewstore.domain.SourcePosition;
import java.time.Instant;
import java.util.Optional;

/**
 * A cross-partition step for the queue workers (SPEC §4). Items are triggers, not orders: a
 * worker reconciles against the authoritative state (the locator) whatever the item says, so
 * duplicated, reordered or late items converge. Each carries the version of the event that
 * caused it and, when the projector queued it, where that event is in the log: a worker that
 * finds the locator older than the item waits while the projector has not passed that position
 * (docs/work-items.md, "Work that arrives before its truth"). The JSON form is documented in
 * docs/work-items.md.
 */
public sealed interface WorkItem {

  /** The queue of the item's kind. */
  WorkQueue queue();

  /** The version of the aggregate (employee, or department for a manager) after the event. */
  long version();

  /**
   * Where the causing event is in the log; {@code null} for items re-queued after a crash, which
   * have no one event behind them.
   */
  SourcePosition source();

  /** {@link #source()}, if known. */
  default Optional<SourcePosition> origin() {
    return Optional.ofNullable(source());
  }

  /** The trace of the causing event (W3C {@code traceparent}), or null: unknown, or tracing off. */
  default String traceparent() {
    return source() == null ? null : source().traceparent();
  }

  /** Move an archived employee from Current to Archive (the guide's archive flow). */
  record ArchiveEmployee(String employeeId, String departmentId, long version, SourcePosition source) implements WorkItem {
    public ArchiveEmployee(String employeeId, String departmentId, long version) {
      this(employeeId, departmentId, version, null);
    }

    @Override
    public WorkQueue queue() {
      return WorkQueue.ARCHIVE;
    }
  }

  /** Move an employee between department partitions, then fix the indexes. */
  record TransferEmployee(String employeeId, String fromDepartmentId, String toDepartmentId, long version, SourcePosition source)
      implements WorkItem {
    public TransferEmployee(String employeeId, String fromDepartmentId, String toDepartmentId, long version) {
      this(employeeId, fromDepartmentId, toDepartmentId, version, null);
    }

    @Override
    public WorkQueue queue() {
      return WorkQueue.TRANSFER;
    }
  }

  /**
   * Bring the email and last-name indexes, and any managed department, in line with the employee.
   *
   * @param hire what the employee's hire made of it, on the item of a hire (version 1) that the
   *     projector queued; null otherwise. A worker's first attempt at a hire writes the entries it
   *     calls for without reading the locator, and any later attempt removes them if the truth has
   *     moved on (docs/work-items.md).
   */
  record ReindexEmployee(String employeeId, long version, SourcePosition source, Hire hire) implements WorkItem {
    public ReindexEmployee(String employeeId, long version) {
      this(employeeId, version, null, null);
    }

    public ReindexEmployee(String employeeId, long version, SourcePosition source) {
      this(employeeId, version, source, null);
    }

    @Override
    public WorkQueue queue() {
      return WorkQueue.INDEX_MAINTENANCE;
    }

    /** The locator the hire wrote, if the item carries its hire. */
    public Optional<ViewEntity> hiredLocator() {
      return Optional.ofNullable(hire).map(h -> h.locator(employeeId));
    }
  }

  /** An employee as its hire made it: the locator's properties at version 1. */
  record Hire(String departmentId, String firstName, String lastName, String email, Integer age, Instant hiredAt, String eventId) {

    public static Hire of(EmployeeDetails employee, String departmentId, String eventId) {
      return new Hire(departmentId, employee.firstName(), employee.lastName(), employee.email(), employee.age(), employee.hiredAt(), eventId);
    }

    /** The locator the projector writes for this hire. */
    ViewEntity locator(String employeeId) {
      EmployeeDetails employee = new EmployeeDetails(employeeId, firstName, lastName, email, age, hiredAt);
      return new ViewEntity(IndexLayout.ROW, LocatorRow.hired(employee, departmentId).stamped(1, eventId).properties());
    }
  }

  /** Record that an employee manages a department, for the manager fan-out; the version is the department's. */
  record ManagerAssigned(String departmentId, String managerId, long version, SourcePosition source) implements WorkItem {
    public ManagerAssigned(String departmentId, String managerId, long version) {
      this(departmentId, managerId, version, null);
    }

    @Override
    public WorkQueue queue() {
      return WorkQueue.INDEX_MAINTENANCE;
    }
  }
}
