package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentId;
import java.util.Optional;

/** The department aggregate's decisions. Pure: state and command in, decision out. */
public final class Departments {

  private Departments() {}

  public static Decision create(Optional<DepartmentState> current, CreateDepartment command, EventStamp stamp) {
    if (current.isPresent()) {
      return Decision.reject(
          Rejection.conflict("duplicate-department", "Department " + command.departmentId() + " already exists."));
    }
    return Decision.accept(
        new DepartmentCreated(stamp.metadata(command.aggregateId(), 1), command.departmentId(), command.name()));
  }

  /** A step of commands that reference a department from their body (hire, transfer). */
  public static Decision requireExisting(Optional<DepartmentState> current, DepartmentId id, String field) {
    return current.isPresent()
        ? Decision.proceed()
        : Decision.reject(Rejection.unknownReference(field, "Department " + id + " does not exist."));
  }
}
