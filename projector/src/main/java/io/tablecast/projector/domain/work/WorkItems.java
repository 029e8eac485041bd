package io.tablecast.projector.domain.work;

import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.viewstore.domain.SourcePosition;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The work items that a run of events causes (SPEC §4). Pure.
 *
 * <p>The hires and detail changes of one employee in one run become a single reindex item at the
 * latest version, since a worker reconciles to the latest state anyway; the item of a hire alone
 * carries the hire, which a worker's first attempt writes without reading the locator. Every
 * transfer and archive is its own item: each names partitions that the worker must put in order.
 */
public final class WorkItems {

  private WorkItems() {}

  /** The items of events whose place in the log is not known. */
  public static List<WorkItem> of(List<? extends DomainEvent> events) {
    return of(events, event -> null);
  }

  /**
   * @param sources where each event is in the log, carried by the items it causes
   */
  public static <E extends DomainEvent> List<WorkItem> of(List<E> events, Function<? super E, SourcePosition> sources) {
    List<WorkItem> items = new ArrayList<>();
    Map<String, ReindexAt> reindex = new LinkedHashMap<>();
    for (E event : events) {
      String id = event.metadata().aggregateId();
      SourcePosition source = sources.apply(event);
      if (event instanceof EmployeeHired e) {
        WorkItem.Hire hire = WorkItem.Hire.of(EmployeeLocators.hired(e), e.departmentId().value(), e.metadata().eventId().toString());
        reindex.merge(id, new ReindexAt(e.version(), source, hire), ReindexAt::newer);
      } else if (event instanceof EmployeeDetailsChanged) {
        reindex.merge(id, new ReindexAt(event.version(), source, null), ReindexAt::newer);
      } else if (event instanceof EmployeeTransferred e) {
        items.add(new WorkItem.TransferEmployee(id, e.fromDepartmentId().value(), e.toDepartmentId().value(), e.version(), source));
      } else if (event instanceof EmployeeArchived e) {
        items.add(new WorkItem.ArchiveEmployee(id, e.departmentId().value(), e.version(), source));
      } else if (event instanceof DepartmentManagerAssigned e) {
        items.add(new WorkItem.ManagerAssigned(e.departmentId().value(), e.managerId().canonical(), e.version(), source));
      }
    }
    reindex.forEach((id, at) -> items.add(new WorkItem.ReindexEmployee(id, at.version(), at.source(), at.hire())));
    return items;
  }

  /**
   * Whether the event's work moves an employee's rows out of a partition the projector writes (a
   * transfer, an archive). Only such work can be undone by the projector applying a hire again,
   * so only a batch holding such an event must be marked in flight before its items are queued.
   */
  public static boolean movesRows(DomainEvent event) {
    return event instanceof EmployeeTransferred || event instanceof EmployeeArchived;
  }

  /** The newest event of an employee's run that asks for a reindex; its hire, when that is the hire. */
  private record ReindexAt(long version, SourcePosition source, WorkItem.Hire hire) {
    ReindexAt newer(ReindexAt other) {
      return version >= other.version ? this : other;
    }
  }
}
