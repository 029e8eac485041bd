package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentId;

/** A command decided by the department aggregate. */
public sealed interface DepartmentCommand extends Command permits CreateDepartment, AssignManager {

  DepartmentId departmentId();

  @Override
  default String aggregateId() {
    return departmentId().value();
  }
}
