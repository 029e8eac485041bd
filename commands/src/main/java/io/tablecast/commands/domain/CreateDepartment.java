package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentId;
import java.util.Objects;

public record CreateDepartment(DepartmentId departmentId, String name) implements DepartmentCommand {

  public CreateDepartment {
    Objects.requireNonNull(departmentId, "'departmentId' cannot be null.");
    Objects.requireNonNull(name, "'name' cannot be null.");
  }


  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
