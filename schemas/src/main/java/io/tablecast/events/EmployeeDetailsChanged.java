package io.tablecast.events;

import java.util.Objects;

/** The employee's full new state after a change of details. */
public record EmployeeDetailsChanged(
    EventMetadata metadata,
    EmployeeId employeeId,
    DepartmentId departmentId,
    String firstName,
    String lastName,
    String email,
    int age)
    implements EmployeeEvent {

  public EmployeeDetailsChanged {
    Objects.requireNonNull(metadata, "'metadata' cannot be null.");
    Objects.requireNonNull(employeeId, "'employeeId' cannot be null.");
    Objects.requireNonNull(departmentId, "'departmentId' cannot be null.");
    Objects.requireNonNull(firstName, "'firstName' cannot be null.");
    Objects.requireNonNull(lastName, "'lastName' cannot be null.");
    Objects.requireNonNull(email, "'email' cannot be null.");
  }

  @Override
  public <R> R accept(EventVisitor<R> visitor) {
    return visitor.on(this);
  }
}
