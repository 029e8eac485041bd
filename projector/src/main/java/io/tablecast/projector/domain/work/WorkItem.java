package io.tablecast.projector.domain.work;

import io.tablecast.common.tables.WorkQueue;

/**
 * A cross-partition step for the queue workers (SPEC §4). Items are triggers, not orders: a
 * worker reconciles against the authoritative state (the locator) whatever the item says, so
 * duplicated, reordered or late items converge. Each carries the version of the event that
 * caused it. The JSON form is documented in docs/work-items.md.
 */
public sealed interface WorkItem {

  /** The queue of the item's kind. */
  WorkQueue queue();

  /** Move an archived employee from Current to Archive (the guide's archive flow). */
  record ArchiveEmployee(String employeeId, String departmentId, long version) implements WorkItem {
    @Override
    public WorkQueue queue() {
      return WorkQueue.ARCHIVE;
    }
  }

  /** Move an employee between department partitions, then fix the indexes. */
  record TransferEmployee(String employeeId, String fromDepartmentId, String toDepartmentId, long version)
      implements WorkItem {
    @Override
    public WorkQueue queue() {
      return WorkQueue.TRANSFER;
    }
  }

  /** Bring the email and last-name indexes, and any managed department, in line with the employee. */
  record ReindexEmployee(String employeeId, long version) implements WorkItem {
    @Override
    public WorkQueue queue() {
      return WorkQueue.INDEX_MAINTENANCE;
    }
  }

  /** Record that an employee manages a department, for the manager fan-out. */
  record ManagerAssigned(String departmentId, String managerId, long version) implements WorkItem {
    @Override
    public WorkQueue queue() {
      return WorkQueue.INDEX_MAINTENANCE;
    }
  }
}
