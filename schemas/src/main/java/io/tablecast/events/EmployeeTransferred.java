package io.tablecast.events;

import java.util.Objects;

public record EmployeeTransferred(
    EventMetadata metadata,
    EmployeeId employeeId,
    DepartmentId fromDepartmentId,
    DepartmentId toDepartmentId)
    implements EmployeeEvent {

  public EmployeeTransferred {
    Objects.requireNonNull(metadata, "'metadata' cannot be null.");
    Objects.requireNonNull(employeeId, "'employeeId' cannot be null.");
    Objects.requireNonNull(fromDepartmentId, "'fromDepartmentId' cannot be null.");
    Objects.requireNonNull(toDepartmentId, "'toDepartmentId' cannot be null.");
  }

  @Override
  public <R> R accept(EventVisitor<R> visitor) {
    return visitor.on(this);
  }
}
