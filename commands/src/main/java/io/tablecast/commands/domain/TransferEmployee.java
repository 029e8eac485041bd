package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.util.Objects;
import java.util.Optional;

public record TransferEmployee(EmployeeId employeeId, DepartmentId toDepartmentId, Optional<Long> expectedVersion) implements EmployeeCommand {

  public TransferEmployee {
    Objects.requireNonNull(employeeId, "'employeeId' cannot be null.");
    Objects.requireNonNull(toDepartmentId, "'toDepartmentId' cannot be null.");
    Objects.requireNonNull(expectedVersion, "'expectedVersion' cannot be null.");
  }


  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
