package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeHired;
import java.util.Optional;

/** The employee aggregate's decisions. Pure: state and command in, decision out. */
public final class Employees {

  private Employees() {}

  /** Ids are never reused, archived ones included (SPEC §9). */
  public static Decision hire(Optional<EmployeeState> current, HireEmployee command, EventStamp stamp) {
    if (current.isPresent()) {
      return Decision.reject(
          Rejection.conflict("duplicate-employee", "Employee " + command.employeeId() + " already exists."));
    }
    return Decision.accept(
        new EmployeeHired(
            stamp.metadata(command.aggregateId(), 1),
            command.employeeId(),
            command.departmentId(),
            command.firstName(),
            command.lastName(),
            command.email(),
            command.age()));
  }
}
