package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.util.Objects;

public record HireEmployee(
    EmployeeId employeeId,
    DepartmentId departmentId,
    String firstName,
    String lastName,
    String email,
    int age) implements EmployeeCommand {

  public HireEmployee {
    Objects.requireNonNull(employeeId, "'employeeId' cannot be null.");
    Objects.requireNonNull(departmentId, "'departmentId' cannot be null.");
    Objects.requireNonNull(firstName, "'firstName' cannot be null.");
    Objects.requireNonNull(lastName, "'lastName' cannot be null.");
    Objects.requireNonNull(email, "'email' cannot be null.");
  }


  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
