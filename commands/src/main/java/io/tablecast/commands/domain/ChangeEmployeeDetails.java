package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeId;
import java.util.Objects;
import java.util.Optional;

/** Changes any of an employee's details; absent fields keep their value (SPEC §5 PATCH). */
public record ChangeEmployeeDetails(
    EmployeeId employeeId,
    Optional<String> firstName,
    Optional<String> lastName,
    Optional<String> email,
    Optional<Integer> age,
    Optional<Long> expectedVersion) implements EmployeeCommand {

  public ChangeEmployeeDetails {
    Objects.requireNonNull(employeeId, "'employeeId' cannot be null.");
    Objects.requireNonNull(firstName, "'firstName' cannot be null.");
    Objects.requireNonNull(lastName, "'lastName' cannot be null.");
    Objects.requireNonNull(email, "'email' cannot be null.");
    Objects.requireNonNull(age, "'age' cannot be null.");
    Objects.requireNonNull(expectedVersion, "'expectedVersion' cannot be null.");
  }


  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
