package io.tablecast.events;

import java.util.Objects;

/** Carries the manager's current names and email: event-carried state (SPEC §2). */
public record DepartmentManagerAssigned(
    EventMetadata metadata,
    DepartmentId departmentId,
    EmployeeId managerId,
    String managerFirstName,
    String managerLastName,
    String managerEmail)
    implements DepartmentEvent {

  public DepartmentManagerAssigned {
    Objects.requireNonNull(metadata, "'metadata' cannot be null.");
    Objects.requireNonNull(departmentId, "'departmentId' cannot be null.");
    Objects.requireNonNull(managerId, "'managerId' cannot be null.");
    Objects.requireNonNull(managerFirstName, "'managerFirstName' cannot be null.");
    Objects.requireNonNull(managerLastName, "'managerLastName' cannot be null.");
    Objects.requireNonNull(managerEmail, "'managerEmail' cannot be null.");
  }

  @Override
  public <R> R accept(EventVisitor<R> visitor) {
    return visitor.on(this);
  }
}
