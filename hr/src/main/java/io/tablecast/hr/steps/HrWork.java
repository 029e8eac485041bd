package io.tablecast.hr.steps;

import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.projection.Work;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

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
    return List.copyOf(of(events, event -> event).keySet());
  }

  /**
   * As {@link #of(List)}, for a batch of any elements that hold events: each item with the element
   * whose event asked for it (for a reindex, the newest).
   */
  public static <P> Map<Work, P> of(List<P> batch, Function<P, ? extends DomainEvent> event) {
    Map<Work, P> work = new LinkedHashMap<>();
    Map<String, Map.Entry<EmployeeItem, P>> reindex = new LinkedHashMap<>();
    for (P element : batch) {
      causedBy(event.apply(element)).ifPresent(item -> {
        if (item.type() == EmployeeItem.Type.REINDEX_EMPLOYEE) {
          reindex.merge(item.employeeId(), Map.entry(item, element), (a, b) -> b.getKey().version() > a.getKey().version() ? b : a);
        } else {
          work.putIfAbsent(EmployeeStep.of(item).askFor(item), element);
        }
      });
    }
    reindex.values().forEach(asked -> work.putIfAbsent(EmployeeStep.INDEX_MAINTENANCE.askFor(asked.getKey()), asked.getValue()));
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
