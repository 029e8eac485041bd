package io.tablecast.hr.steps;

import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.projection.Work;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cross-partition work HR's events ask for (SPEC §4, docs/work-items.md). Pure.
 *
 * <p>Per batch ({@link #of(List)}), the hires and detail changes of one employee become a single
 * reindex item at the latest version, since a step reconciles to the latest state anyway; the item
 * of a hire alone carries the hire. Every transfer and archive is its own item: each names
 * partitions that the step must put in order.
 */
public final class HrWork {

  private HrWork() {}

  /** The work one event asks for. */
  public static List<Work> of(DomainEvent event) {
    return of(List.of(event));
  }

  /** The work a batch of events asks for, each item once, in the order of the events that asked for them. */
  public static List<Work> of(List<? extends DomainEvent> events) {
    List<Work> work = new ArrayList<>();
    Map<String, EmployeeItem> reindex = new LinkedHashMap<>();
    for (DomainEvent event : events) {
      causedBy(event).ifPresent(item -> {
        if (item.type() == EmployeeItem.Type.REINDEX_EMPLOYEE) {
          reindex.merge(item.employeeId(), item, (a, b) -> b.version() > a.version() ? b : a);
        } else {
          work.add(EmployeeStep.of(item).askFor(item));
        }
      });
    }
    reindex.values().forEach(item -> work.add(EmployeeStep.INDEX_MAINTENANCE.askFor(item)));
    return work;
  }

  /** The item an event causes, if any. */
  public static Optional<EmployeeItem> causedBy(DomainEvent event) {
    String id = event.metadata().aggregateId();
    if (event instanceof EmployeeHired e) {
      return Optional.of(EmployeeItem.hired(id,
          EmployeeItem.Hire.of(EmployeeLocators.hired(e), e.departmentId().value(), e.metadata().eventId().toString())));
    } else if (event instanceof EmployeeDetailsChanged) {
      return Optional.of(EmployeeItem.reindex(id, event.version()));
    } else if (event instanceof EmployeeTransferred e) {
      return Optional.of(EmployeeItem.transfer(id, e.fromDepartmentId().value(), e.toDepartmentId().value(), e.version()));
    } else if (event instanceof EmployeeArchived e) {
      return Optional.of(EmployeeItem.archive(id, e.departmentId().value(), e.version()));
    } else if (event instanceof DepartmentManagerAssigned e) {
      return Optional.of(EmployeeItem.managerAssigned(e.departmentId().value(), e.managerId().canonical(), e.version()));
    }
    return Optional.empty();
  }

  /**
   * Whether the event's work moves an employee's rows out of a partition the projector writes (a
   * transfer, an archive). Only such work can be undone by the projector applying a hire again,
   * so only a batch holding such an event must be marked in flight before its items are queued.
   */
  public static boolean movesRows(DomainEvent event) {
    return event instanceof EmployeeTransferred || event instanceof EmployeeArchived;
  }
}
