package io.tablecast.workers.application.work;

import io.tablecast.events.EmployeeId;
import io.tablecast.viewstore.domain.ViewEntity;
import io.tablecast.viewstore.domain.work.WorkerState;
import io.tablecast.viewstore.domain.work.WorkerState.IndexEntries;
import io.tablecast.workers.application.work.WorkerStores.Stored;
import io.tablecast.workers.domain.work.EmployeeWork;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/** One employee's part of a message: what was asked, the truth, and the worker state through the attempt. */
final class EmployeeTask {

  private final EmployeeId employee;
  private final EmployeeWork asked;
  private final ViewEntity truth;
  private final Stored<WorkerState> before;
  private final IndexEntries desired;
  private final WorkerStores stores;
  private Stored<WorkerState> leased;
  private final Set<String> stillManaged = new HashSet<>();

  EmployeeTask(EmployeeId employee, EmployeeWork asked, ViewEntity truth, Stored<WorkerState> before, WorkerStores stores) {
    this.employee = employee;
    this.asked = asked;
    this.truth = truth;
    this.before = before;
    this.desired = IndexEntries.of(Optional.of(truth));
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

  void take(WorkerState.Lease lease) {
    leased = stores.saveState(employee, before, before.value().intent(desired, asked.managedDepartments(), lease));
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
