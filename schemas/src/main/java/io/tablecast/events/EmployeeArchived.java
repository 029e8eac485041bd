package io.tablecast.events;

import java.util.Objects;
import java.util.Optional;

/** An archived employee; an absent or empty reason is normalised to {@link Optional#empty()}. */
public record EmployeeArchived(
    EventMetadata metadata, EmployeeId employeeId, DepartmentId departmentId, Optional<String> reason)
    implements EmployeeEvent {

  public EmployeeArchived {
    Objects.requireNonNull(metadata, "'metadata' cannot be null.");
    Objects.requireNonNull(employeeId, "'employeeId' cannot be null.");
    Objects.requireNonNull(departmentId, "'departmentId' cannot be null.");
    reason = Objects.requireNonNull(reason, "'reason' cannot be null.").filter(r -> !r.isEmpty());
  }

  @Override
  public <R> R accept(EventVisitor<R> visitor) {
    return visitor.on(this);
  }
}
