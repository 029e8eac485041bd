package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DepartmentManagerAssigned;
import java.util.Optional;

/** The department aggregate's decisions. Pure: state and command in, decision out. */
public final class Departments {

  private Departments() {}

  public static Decision create(Optional<DepartmentState> current, CreateDepartment command, EventStamp stamp) {
    if (current.isPresent()) {
      return Decision.reject(Rejection.conflict(
          "duplicate-department", "departmentId", "Department " + command.departmentId() + " already exists."));
    }
    return Decision.accept(
        new DepartmentCreated(stamp.metadata(command.aggregateId(), 1), command.departmentId(), command.name()));
  }

  /** A step of commands that reference a department from their body (hire, transfer). */
  public static Decision requireExisting(
      Optional<DepartmentState> current, DepartmentId id, String field, Command command) {
    return current.isPresent()
        ? Decision.proceed(command)
        : Decision.reject(Rejection.unknownReference(field, "Department " + id + " does not exist."));
  }

  /**
   * Records the manager with the details looked up by the previous step. Re-assigning the same
   * manager with the same details changes nothing.
   */
  public static Decision assignManager(Optional<DepartmentState> current, AssignManager command, EventStamp stamp) {
    if (current.isEmpty()) {
      return Decision.reject(Rejection.notFound("Department " + command.departmentId()));
    }
    DepartmentState department = current.get();
    ManagerDetails manager = command.manager().orElseThrow(
        () -> new IllegalStateException("AssignManager reached its department without the manager's details"));
    if (department.managerId().equals(Optional.of(command.managerId())) && department.manager().equals(Optional.of(manager))) {
      return new Decision.Unchanged(command.aggregateId(), department.version());
    }
    return Decision.accept(new DepartmentManagerAssigned(
        stamp.metadata(command.aggregateId(), department.version() + 1),
        command.departmentId(),
        command.managerId(),
        manager.firstName(),
        manager.lastName(),
        manager.email()));
  }
}
