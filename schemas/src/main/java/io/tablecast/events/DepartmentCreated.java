package io.tablecast.events;

import java.util.Objects;

public record DepartmentCreated(EventMetadata metadata, DepartmentId departmentId, String name)
    implements DepartmentEvent {

  public DepartmentCreated {
    Objects.requireNonNull(metadata, "'metadata' cannot be null.");
    Objects.requireNonNull(departmentId, "'departmentId' cannot be null.");
    Objects.requireNonNull(name, "'name' cannot be null.");
  }

  @Override
  public <R> R accept(EventVisitor<R> visitor) {
    return visitor.on(this);
  }
}
