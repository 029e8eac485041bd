package io.tablecast.workers.application.work;

import io.tablecast.common.concurrent.Parallel;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState;
import io.tablecast.viewstore.application.work.WorkDeferred;
import io.tablecast.viewstore.domain.work.WorkItem;
import io.tablecast.workers.application.work.WorkerStores.Stored;
import io.tablecast.workers.domain.work.EmployeeWork;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Does what one queue message asks, for all its items together (SPEC §4), following the guide's
 * eventually consistent transactions pattern: read the workers' state of each employee and the
 * truth (its locator); take the employee's lease and write the intent; then, step by step and
 * batched across the message's employees, archive, place the rows in their department, remove
 * them from the others, fix the email and last-name indexes and the managed departments; commit.
 *
 * <p>The state of an employee whose only work is its hire is taken as absent, unread. When its
 * item carries the hire and its message is on its first delivery, the truth is taken from the
 * item, unread, and no lease is taken: the entries are written, then the state is committed by a
 * conditional insert. Otherwise its lease is a conditional insert. If a state exists after all (a
 * manager assignment came first, a later event's work ran first, or an earlier attempt at the
 * hire got as far as its lease or its commit), the insert fails, the attempt gives its leases
 * back, and it starts again reading every state and truth, with the hire's entries among those
 * that may exist and must not (docs/decisions.md, "A hire's first attempt writes as its item
 * says").
 *
 * <p>Every step reconciles against the truth, so duplicated, reordered and late items converge.
 * The lease makes a worker the only one changing an employee's entries. An employee that must
 * wait (another worker holds it or changed its state since it was read, or the projector has not
 * yet applied its item's event) does not hold up the others of its message: they are done, and
 * its items are left for a later attempt ({@link WorkLeftOver}). A worker that runs past a third
 * of its lease stops before its next write ({@link WorkDeferred}), so one that stalls can never
 * write after its lease has passed to another. An attempt that fails gives its leases
 * back, keeping the intents; one cut short by an {@link Error} ends as its process's death would,
 * and its leases run out.
 */
public final class WorkReconciler {

  private static final Logger log = LoggerFactory.getLogger(WorkReconciler.class);
  private final WorkerStores stores;
  private final LeaseOwners owners;
  private final ExecutorService pool;
  private final Clock clock;
  private final Duration lease;
  private final BatchedSteps writes;

  public WorkReconciler(WorkerStores stores, LeaseOwners owners, ExecutorService pool, Clock clock, Duration lease) {
    this.stores = stores;
    this.owners = owners;
    this.pool = pool;
    this.clock = clock;
    this.lease = lease;
    this.writes = new BatchedSteps(stores, pool);
  }

  /**
   * Reconciles every employee the items name. Returns once all is done.
   *
   * @param receivedNanos when the message was received ({@link System#nanoTime()}): the fence
   *     counts from then, so that a worker that sat on a message it has lost to another does not
   *     start writing late
   * @param firstDelivery whether the message is received for the first time and has never
   *     failed: only then may a hire be written as its item carries it, so that an attempt that
   *     failed or died is followed by one that reads everything
   * @throws WorkRefused if an item can never be done
   * @throws WorkLeftOver if some employees cannot be done now (another worker holds them, or the
   *     projector has not yet applied the event an item was caused by): the others are done, and
   *     the exception carries the items left
   * @throws WorkDeferred if none can be done now
   */
  public void reconcile(List<WorkItem> items, long receivedNanos, boolean firstDelivery) {
    Map<EmployeeId, EmployeeWork> work;
    try {
      work = EmployeeWork.of(items);
    } catch (IllegalArgumentException e) {
      throw new WorkRefused(e.getMessage());
    }
    Map<EmployeeId, String> waiting = new ConcurrentHashMap<>();
    try {
      reconcile(work, receivedNanos, true, firstDelivery, waiting);
    } catch (StateNotAbsent e) {
      log.debug("{}; reading every employee's state", e.getMessage());
      waiting.clear();
      reconcile(work, receivedNanos, false, false, waiting);
    }
    if (!waiting.isEmpty()) {
      String reason = waiting.values().iterator().next() + (waiting.size() > 1 ? " (" + waiting.size() + " employees wait)" : "");
      List<WorkItem> left = items.stream().filter(item -> waiting.containsKey(EmployeeWork.employeeOf(item))).toList();
      throw waiting.size() == work.size() ? new WorkDeferred(reason) : new WorkLeftOver(reason, left);
    }
  }

  /**
   * @param hiresUnread whether to take the state of an employee whose only work is its hire as
   *     absent without reading it (its lease is then a conditional insert)
   * @param hiresAsCarried whether a hire whose item carries it is written as carried, without
   *     reading its truth or taking a lease
   * @param waiting where the employees that must wait go, each with its reason; the others are done
   */
  private void reconcile(Map<EmployeeId, EmployeeWork> work, long receivedNanos, boolean hiresUnread, boolean hiresAsCarried,
      Map<EmployeeId, String> waiting) {
    List<EmployeeId> employees = List.copyOf(work.keySet());
    Predicate<EmployeeId> asCarried = e -> hiresAsCarried && work.get(e).hireAsCarried();
    List<Stored<WorkerState>> states = Parallel.map(pool, employees,
        e -> hiresUnread && work.get(e).onlyHired() ? Stored.none() : stores.state(e));
    List<Optional<ViewEntity>> truths = Parallel.map(pool, employees,
        e -> asCarried.test(e) ? work.get(e).hire() : stores.truth(e));
    Attempt attempt = new Attempt(owners.newAttempt(), receivedNanos);
    List<EmployeeTask> tasks = new ArrayList<>();
    for (int i = 0; i < employees.size(); i++) {
      EmployeeId employee = employees.get(i);
      Stored<WorkerState> state = states.get(i);
      EmployeeWork asked = work.get(employee);
      Optional<ViewEntity> read = truths.get(i);
      if (owners.heldByOther(state.value(), attempt.owner(), clock.instant())) {
        waiting.put(employee, "employee " + employee.canonical() + " is being worked on by another worker");
        continue;
      }
      if (read.isEmpty() && asked.onlyManages()) {
        // Not projected yet: remember the departments; the hire's work item follows them.
        waitIfDeferred(employee, waiting, () -> stores.saveState(employee, state, state.value().managing(asked.managedDepartments())));
        continue;
      }
      if (asked.aheadOf(read) && !waitIfDeferred(employee, waiting, () -> awaitTruth(employee, asked, read))) {
        continue;
      }
      ViewEntity truth = read.orElseThrow(() -> new WorkRefused("employee " + employee.canonical() + " has no locator"
          + asked.source().map(s -> ", and the projector has passed its event at " + s).orElse("")));
      EmployeeTask task = new EmployeeTask(employee, asked, truth, state, asCarried.test(employee), stores);
      if (!task.nothingToDo()) {
        tasks.add(task);
      }
    }
    if (!tasks.isEmpty()) {
      run(tasks, attempt, waiting);
    }
  }

  /**
   * Runs a step of one employee; if it must wait ({@link WorkDeferred}, but not {@link
   * StateNotAbsent}, which sends the whole attempt back to read), records why and returns false.
   */
  private static boolean waitIfDeferred(EmployeeId employee, Map<EmployeeId, String> waiting, Runnable step) {
    try {
      step.run();
      return true;
    } catch (StateNotAbsent e) {
      throw e;
    } catch (WorkDeferred e) {
      waiting.put(employee, e.getMessage());
      return false;
    }
  }

  /**
   * Work that arrives before its truth waits: while the projector has not passed the event an
   * item was caused by, a missing or older locator may still be written (it is applying the log
   * again after the store lost writes). Once it has passed it, the truth is final: the work goes on
   * with the locator as it is, or is refused if there is none.
   */
  private void awaitTruth(EmployeeId employee, EmployeeWork asked, Optional<ViewEntity> truth) {
    if (asked.source().filter(source -> !stores.projected(source)).isPresent()) {
      throw new WorkDeferred("waiting for the projector to apply version " + asked.version() + " of employee " + employee.canonical()
          + " (the locator is at " + truth.map(t -> "version " + t.version()).orElse("none") + ", the event at " + asked.source().get() + ")");
    }
  }

  /** Takes the employees' leases; an employee whose state changed since it was read waits, the others go on. */
  private void run(List<EmployeeTask> asked, Attempt attempt, Map<EmployeeId, String> waiting) {
    attempt.checkFence(this.lease);
    // Milliseconds, as the table stores them: a write retried after a lost response must find itself equal.
    WorkerState.Lease lease = new WorkerState.Lease(attempt.owner(), clock.instant().plus(this.lease).truncatedTo(ChronoUnit.MILLIS));
    List<EmployeeTask> leased = new ArrayList<>();
    Set<EmployeeTask> committed = ConcurrentHashMap.newKeySet();
    try {
      Parallel.each(pool, asked, t -> waitIfDeferred(t.employee(), waiting, () -> {
        if (t.take(lease)) {
          synchronized (leased) {
            leased.add(t);
          }
        }
      }));
      List<EmployeeTask> tasks = asked.stream().filter(t -> !waiting.containsKey(t.employee())).toList();
      if (tasks.isEmpty()) {
        return;
      }
      for (Consumer<List<EmployeeTask>> step : writes.inOrder()) {
        attempt.checkFence(this.lease);
        step.accept(tasks);
      }
      attempt.checkFence(this.lease);
      Parallel.each(pool, tasks, t -> {
        t.commit();
        committed.add(t);
      });
    } catch (RuntimeException e) {
      // A commit gave its lease back: only the others are released.
      release(leased.stream().filter(t -> !committed.contains(t)).toList());
      throw e;
    }
  }

  /** Gives back the leases of a failed attempt, keeping the intents; best effort, the lease expires anyway. */
  private void release(List<EmployeeTask> leased) {
    for (EmployeeTask task : leased) {
      try {
        task.release(clock.instant().truncatedTo(ChronoUnit.MILLIS));
      } catch (RuntimeException e) {
        log.debug("Could not release the lease on employee {}: {}", task.employee().canonical(), e.toString());
      }
    }
  }

  /** One attempt at a message: who it is, and when it started, for the fence. */
  private record Attempt(String owner, long startedNanos) {
    void checkFence(Duration lease) {
      if (System.nanoTime() - startedNanos > lease.toNanos() / 3) {
        throw new WorkDeferred("the worker used up a third of its lease of " + lease + "; stopping before the next write");
      }
    }
  }
}
