package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EmployeeTransferred;
import java.util.Optional;

/**
 * The employee aggregate's decisions. Pure: state and command in, decision out.
 *
 * <p>A command on an existing employee is checked in this order: the employee must exist (404),
 * must not be archived (409: an archived employee accepts no further command), and must be at
 * the version of the client's {@code If-Match}, if any (412). Then the command's own rules apply.
 */
public final class Employees {

  private Employees() {}

  /** Ids are never reused, archived ones included (SPEC §9). */
  public static Decision hire(Optional<EmployeeState> current, HireEmployee command, EventStamp stamp) {
    if (current.isPresent()) {
      return Decision.reject(Rejection.conflict(
          "duplicate-employee", "employeeId", "Employee " + command.employeeId() + " already exists."));
    }
    return Decision.accept(new EmployeeHired(
        stamp.metadata(command.aggregateId(), 1),
        command.employeeId(),
        command.departmentId(),
        command.firstName(),
        command.lastName(),
        command.email(),
        command.age()));
  }

  /** Full new state in the event; a request that changes nothing is a no-op (SPEC §9). */
  public static Decision changeDetails(Optional<EmployeeState> current, ChangeEmployeeDetails command, EventStamp stamp) {
    Optional<Rejection> refused = refuse(current, command.employeeId(), command.expectedVersion());
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    EmployeeState e = current.get();
    String firstName = command.firstName().orElse(e.firstName());
    String lastName = command.lastName().orElse(e.lastName());
    String email = command.email().orElse(e.email());
    int age = command.age().orElse(e.age());
    if (firstName.equals(e.firstName()) && lastName.equals(e.lastName()) && email.equals(e.email()) && age == e.age()) {
      return new Decision.Unchanged(command.aggregateId(), e.version());
    }
    return Decision.accept(new EmployeeDetailsChanged(
        stamp.metadata(command.aggregateId(), e.version() + 1), e.employeeId(), e.departmentId(), firstName, lastName, email, age));
  }

  public static Decision transfer(Optional<EmployeeState> current, TransferEmployee command, EventStamp stamp) {
    Optional<Rejection> refused = refuse(current, command.employeeId(), command.expectedVersion());
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    EmployeeState e = current.get();
    if (e.departmentId().equals(command.toDepartmentId())) {
      return Decision.reject(Rejection.invalid(
          "same-department", "toDepartmentId", "Employee " + e.employeeId() + " is already in " + e.departmentId() + "."));
    }
    return Decision.accept(new EmployeeTransferred(
        stamp.metadata(command.aggregateId(), e.version() + 1), e.employeeId(), e.departmentId(), command.toDepartmentId()));
  }

  public static Decision archive(Optional<EmployeeState> current, ArchiveEmployee command, EventStamp stamp) {
    if (current.isPresent() && current.get().archived()) {
      return Decision.reject(Rejection.conflict("already-archived", "Employee " + command.employeeId() + " is already archived."));
    }
    Optional<Rejection> refused = refuse(current, command.employeeId(), command.expectedVersion());
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    EmployeeState e = current.get();
    return Decision.accept(new EmployeeArchived(
        stamp.metadata(command.aggregateId(), e.version() + 1), e.employeeId(), e.departmentId(), command.reason()));
  }

  /** The first step of a manager assignment: the manager must be an active employee. */
  public static Decision lookupManager(Optional<EmployeeState> current, AssignManager command) {
    if (current.isEmpty()) {
      return Decision.reject(Rejection.unknownReference("employeeId", "Employee " + command.managerId() + " does not exist."));
    }
    EmployeeState manager = current.get();
    if (manager.archived()) {
      return Decision.reject(Rejection.conflict(
          "manager-archived", "employeeId", "Employee " + command.managerId() + " is archived and cannot manage."));
    }
    return Decision.proceed(command.withManager(new ManagerDetails(manager.firstName(), manager.lastName(), manager.email())));
  }

  private static Optional<Rejection> refuse(Optional<EmployeeState> current, EmployeeId id, Optional<Long> expectedVersion) {
    if (current.isEmpty()) {
      return Optional.of(Rejection.notFound("Employee " + id));
    }
    EmployeeState e = current.get();
    if (e.archived()) {
      return Optional.of(Rejection.conflict("employee-archived", "Employee " + id + " is archived and accepts no further command."));
    }
    if (expectedVersion.isPresent() && expectedVersion.get() != e.version()) {
      return Optional.of(Rejection.staleVersion(expectedVersion.get(), e.version()));
    }
    return Optional.empty();
  }
}
