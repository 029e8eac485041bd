package io.tablecast.projector.application;

import io.tablecast.common.concurrent.GroupCommit;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmployeeActivity;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.steps.HrWork;
import io.tablecast.viewstore.domain.SourcePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Applies polled batches of events to the views, in lanes, so that the pipe stays full:
 *
 * <ol>
 *   <li>{@code Employees}: one lane per department partition ({@link DepartmentPartitions}). A
 *       lane's turn folds every event that waits for it into as few EGTs as it can (the
 *       checklist's "batch transactions" advice); a slow partition holds back no other.
 *   <li>per employee, once its batch's {@code Employees} writes are done: one lane per employee
 *       for its locator and its log tail ({@link EmployeeLocators}, {@link EmployeeActivity});
 *   <li>the work items of the batch, queued after every table write of its events, as a group
 *       commit: one send at a time, carrying the items of every batch that got there while the
 *       send before it was on its way. Under load many batches' items share a message, so the
 *       workers pay one receive and one delete for them and reconcile them together; alone, a
 *       batch's items go at once.
 * </ol>
 *
 * The views of the first two stages are HR's projections, written on the projection API and run
 * by the engine's turns. Batches follow each other without waiting: the next batch's {@code Employees} writes run
 * while this one's locators are written. Within every lane, events are applied in the order they
 * were polled, and the employee stage of a batch starts only after that of the batch before it
 * was queued, so per-aggregate order holds in every table. The caller marks a batch applied
 * only once its future completes. Every stage is idempotent, so redelivery changes nothing. One
 * exception needs care: a hire redelivered after its employee was moved away would recreate the
 * employee where it was hired. For events an earlier owner may already have applied ({@link
 * PolledEvent#uncertain()}), a hire the locator already reflects skips {@code Employees}.
 *
 * <p>With tracing on, each {@code Employees} write and each sending of work items is a span in
 * the trace of every event it serves ({@link Tracing#acrossTraces}): one EGT may fold events of
 * several commands, and each command's trace shows the write that made its view.
 *
 * <p>{@link #project} is called by one thread at a time. After a failure, the futures of the
 * batches behind it fail too; once all have settled, {@link #reset} makes the lanes take work
 * again.
 */
public final class Projector {

  /** The most events one turn of a lane folds. */
  private static final int MAX_PER_TURN = 500;
  private static final String APPLY_EMPLOYEES = "apply Employees";
  private static final String QUEUE_WORK = "queue work";

  private final LocatorVersions locators;
  private final ProjectionTurns turns;
  private final GroupCommit<WorkItemSender.Queued> work;
  private final Executor pool;
  private final Freshness freshness;
  private final Tracing tracing;
  private final Lanes<String, PolledEvent> departments;
  private final Lanes<EmployeeId, EmployeeEvent> perEmployee;
  private CompletableFuture<Void> employeesQueued = CompletableFuture.completedFuture(null);

  public Projector(LocatorVersions locators, ProjectionTurns turns, WorkItemSender work, Executor pool, Freshness freshness) {
    this(locators, turns, work, pool, freshness, Tracing.OFF);
  }

  /**
   * @param locators what the locators say, for the hires a previous owner may have applied
   * @param turns runs HR's views, written on the projection API: the department partitions ({@link DepartmentPartitions}),
   *     the locators ({@link EmployeeLocators}) and the log tails ({@link EmployeeActivity})
   * @param tracing spans for the writes, in the traces the events' positions carry
   */
  public Projector(LocatorVersions locators, ProjectionTurns turns, WorkItemSender work, Executor pool, Freshness freshness,
      Tracing tracing) {
    this.tracing = tracing;
    this.locators = locators;
    this.turns = turns;
    this.work = new GroupCommit<>(items -> tracing.acrossTraces(items, WorkItemSender.Queued::traceparent, item -> QUEUE_WORK,
        () -> work.send(items)), pool);
    this.pool = pool;
    this.freshness = freshness;
    this.departments = new Lanes<>(pool, MAX_PER_TURN, this::applyToPartition);
    this.perEmployee = new Lanes<>(pool, MAX_PER_TURN, this::applyToEmployee);
  }

  /** Applies a batch already marked in flight; see {@link #project(List, CompletionStage)}. */
  public CompletableFuture<Void> project(List<PolledEvent> batch) {
    return project(batch, CompletableFuture.completedFuture(null));
  }

  /**
   * Starts applying a batch; the future completes once every event is applied and its work queued.
   *
   * @param markedInFlight completes once the checkpoints name the batch in flight: its work items
   *     wait for it, so no worker acts on an event that a next owner would not treat as uncertain
   *     (a hire redelivered after a worker moved its employee must skip {@code Employees}); its
   *     views do not
   */
  public CompletableFuture<Void> project(List<PolledEvent> batch, CompletionStage<?> markedInFlight) {
    List<CompletableFuture<Void>> views = new ArrayList<>();
    for (PolledEvent polled : batch) {
      DepartmentPartitions.partitionOf(polled.event()).ifPresent(partition -> views.add(departments.submit(partition, polled)));
    }
    List<EmployeeEvent> employeeEvents = new ArrayList<>();
    batch.forEach(polled -> {
      if (polled.event() instanceof EmployeeEvent e) {
        employeeEvents.add(e);
      }
    });
    CompletableFuture<List<CompletableFuture<Void>>> queued = CompletableFuture.allOf(all(views), employeesQueued)
        .thenApply(ready -> employeeEvents.stream().map(e -> perEmployee.submit(e.employeeId(), e)).toList());
    employeesQueued = queued.thenApply(futures -> null);
    List<WorkItemSender.Queued> items = new ArrayList<>();
    HrWork.of(batch, PolledEvent::event).forEach((asked, polled) -> items.add(new WorkItemSender.Queued(asked, position(polled))));
    CompletableFuture<Void> written = queued.thenCompose(Projector::all).thenCombine(markedInFlight, (applied, marked) -> null);
    return items.isEmpty() ? written : written.thenCompose(ready -> work.add(items));
  }

  /** After a failure, once every batch's future has settled: the lanes take work again. */
  public void reset() {
    departments.reset();
    perEmployee.reset();
    employeesQueued = CompletableFuture.completedFuture(null);
  }

  private void applyToPartition(String partition, List<PolledEvent> polled) {
    List<PolledEvent> applied = polled.stream().filter(p -> !alreadyHired(p)).toList();
    if (!applied.isEmpty()) {
      List<DomainEvent> events = applied.stream().map(PolledEvent::event).toList();
      tracing.acrossTraces(applied, p -> p.position().traceparent(), p -> APPLY_EMPLOYEES,
          () -> turns.apply(DepartmentPartitions.PROJECTION, events));
      freshness.applied("Employees", events);
    }
  }

  private void applyToEmployee(EmployeeId employee, List<EmployeeEvent> events) {
    turns.apply(EmployeeLocators.PROJECTION, events);
    freshness.applied("EmployeeIndex", events);
    turns.apply(EmployeeActivity.PROJECTION, events);
    freshness.applied("EmployeeActivity", events);
  }

  /** Where an event was read, and when it occurred, for the work it asks for. */
  private static SourcePosition position(PolledEvent polled) {
    return polled.position().at(polled.event().metadata().occurredAt());
  }

  private boolean alreadyHired(PolledEvent polled) {
    return polled.uncertain()
        && polled.event() instanceof EmployeeHired hired
        && locators.version(hired.employeeId()) >= hired.version();
  }

  private static CompletableFuture<Void> all(List<CompletableFuture<Void>> futures) {
    return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
  }
}
