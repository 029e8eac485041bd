package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeId;
import java.util.Objects;
import java.util.Optional;

/** Archives an employee; an empty reason is the same as none (SPEC §9). */
public record ArchiveEmployee(EmployeeId employeeId, Optional<String> reason, Optional<Long> expectedVersion) implements EmployeeCommand {

  public ArchiveEmployee {
    Objects.requireNonNull(employeeId, "'employeeId' cannot be null.");
    reason = Objects.requireNonNull(reason, "'reason' cannot be null.").filter(r -> !r.isEmpty());
    Objects.requireNonNull(expectedVersion, "'expectedVersion' cannot be null.");
  }


  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
