package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.util.Objects;
import java.util.Optional;

/**
 * Makes an active employee the manager of a department. The employee's current details are
 * looked up by the command's first step and carried to the department's step in {@code manager}.
 */
public record AssignManager(DepartmentId departmentId, EmployeeId managerId, Optional<ManagerDetails> manager) implements DepartmentCommand {

  public AssignManager {
    Objects.requireNonNull(departmentId, "'departmentId' cannot be null.");
    Objects.requireNonNull(managerId, "'managerId' cannot be null.");
    Objects.requireNonNull(manager, "'manager' cannot be null.");
  }

  public static AssignManager of(DepartmentId departmentId, EmployeeId managerId) {
    return new AssignManager(departmentId, managerId, Optional.empty());
  }

  public AssignManager withManager(ManagerDetails details) {
    return new AssignManager(departmentId, managerId, Optional.of(details));
  }


  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
