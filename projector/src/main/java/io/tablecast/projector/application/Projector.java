package io.tablecast.projector.application;

import io.tablecast.common.concurrent.Parallel;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.projector.domain.RowsNeeded;
import io.tablecast.projector.domain.SourcePosition;
import io.tablecast.projector.domain.work.WorkItems;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Applies a polled batch of events to the views, in three stages, each spread over a pool:
 *
 * <ol>
 *   <li>{@code Employees}: events grouped by the department partition they change, so all
 *       events for one department fold into as few EGTs as possible (the checklist's "batch
 *       transactions" advice);
 *   <li>per employee: the locator and the log tail;
 *   <li>the work items of the whole batch, queued last, after every table write of their
 *       events.
 * </ol>
 *
 * The caller commits the batch's offsets only after this returns. Every stage is idempotent, so
 * redelivery changes nothing. One exception needs care: a hire redelivered after its employee
 * was moved away would recreate the employee where it was hired. For events an earlier owner may
 * already have applied ({@link PolledEvent#uncertain()}), a hire the locator already reflects
 * skips {@code Employees}.
 */
public final class Projector {

  private final PartitionStore employees;
  private final LocatorStore locators;
  private final ActivityStore activity;
  private final WorkItemSender work;
  private final ExecutorService pool;

  public Projector(PartitionStore employees, LocatorStore locators, ActivityStore activity, WorkItemSender work, ExecutorService pool) {
    this.employees = employees;
    this.locators = locators;
    this.activity = activity;
    this.work = work;
    this.pool = pool;
  }

  /** Returns once every event of the batch is applied and its work queued; idempotent. */
  public void project(List<PolledEvent> batch) {
    List<DomainEvent> events = batch.stream().map(PolledEvent::event).toList();
    Map<String, List<DomainEvent>> byPartition = new LinkedHashMap<>();
    for (PolledEvent polled : batch) {
      if (!alreadyHired(polled)) {
        RowsNeeded.partitionOf(polled.event())
            .ifPresent(partition -> byPartition.computeIfAbsent(partition, p -> new ArrayList<>()).add(polled.event()));
      }
    }
    inParallel(byPartition.entrySet(), e -> employees.apply(e.getKey(), e.getValue()));

    Map<EmployeeId, List<EmployeeEvent>> byEmployee = new LinkedHashMap<>();
    for (DomainEvent event : events) {
      if (event instanceof EmployeeEvent e) {
        byEmployee.computeIfAbsent(e.employeeId(), id -> new ArrayList<>()).add(e);
      }
    }
    inParallel(byEmployee.entrySet(), e -> {
      locators.apply(e.getKey(), e.getValue());
      activity.append(e.getKey(), e.getValue());
    });

    work.send(WorkItems.of(events, positions(batch)));
  }

  /** Where each event of the batch was read, for the work items it causes. */
  private static Function<DomainEvent, SourcePosition> positions(List<PolledEvent> batch) {
    Map<DomainEvent, SourcePosition> positions = new IdentityHashMap<>();
    batch.forEach(polled -> positions.put(polled.event(), polled.position()));
    return positions::get;
  }

  private boolean alreadyHired(PolledEvent polled) {
    return polled.uncertain()
        && polled.event() instanceof EmployeeHired hired
        && locators.version(hired.employeeId()) >= hired.version();
  }

  private <T> void inParallel(Collection<T> tasks, Consumer<T> task) {
    Parallel.each(pool, tasks, task);
  }
}
