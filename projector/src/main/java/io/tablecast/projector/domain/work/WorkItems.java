package io.tablecast.projector.domain.work;

import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The work items that a run of events causes (SPEC §4). Pure.
 *
 * <p>The hires and detail changes of one employee in one run become a single reindex item at the
 * latest version, since a worker reconciles to the latest state anyway. Every transfer and
 * archive is its own item: each names partitions that the worker must put in order.
 */
public final class WorkItems {

  private WorkItems() {}

  public static List<WorkItem> of(List<? extends DomainEvent> events) {
    List<WorkItem> items = new ArrayList<>();
    Map<String, Long> reindex = new LinkedHashMap<>();
    for (DomainEvent event : events) {
      String id = event.metadata().aggregateId();
      if (event instanceof EmployeeHired || event instanceof EmployeeDetailsChanged) {
        reindex.merge(id, event.version(), Math::max);
      } else if (event instanceof EmployeeTransferred e) {
        items.add(new WorkItem.TransferEmployee(id, e.fromDepartmentId().value(), e.toDepartmentId().value(), e.version()));
      } else if (event instanceof EmployeeArchived e) {
        items.add(new WorkItem.ArchiveEmployee(id, e.departmentId().value(), e.version()));
      } else if (event instanceof DepartmentManagerAssigned e) {
        items.add(new WorkItem.ManagerAssigned(e.departmentId().value(), e.managerId().canonical(), e.version()));
      }
    }
    reindex.forEach((id, version) -> items.add(new WorkItem.ReindexEmployee(id, version)));
    return items;
  }
}
