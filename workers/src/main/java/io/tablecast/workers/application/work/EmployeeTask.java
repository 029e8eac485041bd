package io.tablecast.workers.application.work;

import io.tablecast.events.EmployeeId;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState;
import io.tablecast.hr.work.WorkerState.IndexEntries;
import io.tablecast.workers.application.work.WorkerStores.Stored;
import io.tablecast.workers.domain.work.EmployeeWork;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * One employee's part of a message: what was asked, the truth, and the worker state through the
 * attempt.
 *
 * <p>A hire as its item carries it ({@link EmployeeWork#hireAsCarried()}) takes no lease: its
 * intent is only planned, and its commit is a conditional insert, which fails if any other worker
 * wrote the employee's state meanwhile. Every other task records its intent with its lease before
 * it writes. Either way, a task whose item carries the hire counts the hire's entries among those
 * that may exist, since a first attempt may have written them unrecorded.
 */
final class EmployeeTask {

  private final EmployeeId employee;
  private final EmployeeWork asked;
  private final ViewEntity truth;
  private final Stored<WorkerState> before;
  private final IndexEntries desired;
  private final boolean asCarried;
  private final WorkerStores stores;
  private Stored<WorkerState> leased;
  private final Set<String> stillManaged = new HashSet<>();

  /**
   * @param asCarried whether the truth is the hire its item carries, unread, and the task takes
   *     no lease
   */
  EmployeeTask(EmployeeId employee, EmployeeWork asked, ViewEntity truth, Stored<WorkerState> before, boolean asCarried,
      WorkerStores stores) {
    this.employee = employee;
    this.asked = asked;
    this.truth = truth;
    this.desired = IndexEntries.of(Optional.of(truth));
    this.before = new Stored<>(before.value().mayAlsoHold(IndexEntries.of(asked.hire()), desired), before.etag());
    this.asCarried = asCarried;
    this.stores = stores;
  }

  EmployeeId employee() {
    return employee;
  }

  EmployeeWork asked() {
    return asked;
  }

  ViewEntity truth() {
    return truth;
  }

  IndexEntries desired() {
    return desired;
  }

  /** The intent written with the lease. */
  WorkerState intent() {
    return leased.value();
  }

  /** Nothing to place, and the indexes and departments already follow this truth. */
  boolean nothingToDo() {
    return !asked.place() && before.value().settled(desired, asked.managedDepartments(), truth.version());
  }

  /** Whether the email entry may be missing or out of date. */
  boolean emailOutOfDate() {
    WorkerState state = before.value();
    return !(state.committed() && state.indexed().equals(desired) && state.version() >= truth.version());
  }

  /** Whether the address is not the one this employee's entry was last written for: its entry is then likely absent. */
  boolean emailNewlyIndexed() {
    return !before.value().indexed().email().equals(desired.email());
  }

  /** Whether the last-name entry may be missing. */
  boolean lastNameMaybeMissing() {
    WorkerState state = before.value();
    return !(state.committed() && state.indexed().lastName().equals(desired.lastName()));
  }

  /**
   * The departments whose manager fields must follow the truth: those the items name, and all it
   * manages when its details may have changed since the last commit.
   */
  Set<String> departmentsToFollow() {
    WorkerState state = before.value();
    boolean changed = !state.committed() || state.version() < truth.version();
    return changed ? intent().managedDepartments() : asked.managedDepartments();
  }

  /** Records the departments that still name this employee as manager, after following them. */
  void stillManages(Set<String> departments) {
    stillManaged.addAll(departments);
  }

  /** Takes the employee's lease and writes the intent; a hire as carried only plans it. Returns whether it wrote. */
  boolean take(WorkerState.Lease lease) {
    WorkerState intent = before.value().intent(desired, asked.managedDepartments(), lease);
    leased = asCarried ? new Stored<>(intent, Optional.empty()) : stores.saveState(employee, before, intent);
    return !asCarried;
  }

  void commit() {
    Set<String> managed = new HashSet<>(intent().managedDepartments());
    managed.removeAll(departmentsToFollow());
    managed.addAll(stillManaged);
    stores.saveState(employee, leased, intent().committed(managed, truth.version()));
  }

  void release(Instant now) {
    stores.saveState(employee, leased, intent().released(now));
  }
}
