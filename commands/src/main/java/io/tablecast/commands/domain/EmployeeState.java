package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EmployeeTransferred;
import java.util.Optional;

/** The employee aggregate as the command processor keeps it: rebuilt from its own events. */
public record EmployeeState(
    EmployeeId employeeId,
    long version,
    DepartmentId departmentId,
    String firstName,
    String lastName,
    String email,
    int age,
    boolean archived) {

  /** The state after {@code event}; {@code current} is empty before the first event. */
  public static EmployeeState evolve(Optional<EmployeeState> current, EmployeeEvent event) {
    if (event instanceof EmployeeHired e) {
      return new EmployeeState(
          e.employeeId(), e.version(), e.departmentId(), e.firstName(), e.lastName(), e.email(), e.age(), false);
    } else if (event instanceof EmployeeDetailsChanged e) {
      return new EmployeeState(
          e.employeeId(), e.version(), e.departmentId(), e.firstName(), e.lastName(), e.email(), e.age(), false);
    } else if (event instanceof EmployeeTransferred e) {
      return current.orElseThrow().with(e.version(), e.toDepartmentId(), false);
    }
    EmployeeArchived e = (EmployeeArchived) event;
    return current.orElseThrow().with(e.version(), e.departmentId(), true);
  }

  private EmployeeState with(long newVersion, DepartmentId department, boolean isArchived) {
    return new EmployeeState(employeeId, newVersion, department, firstName, lastName, email, age, isArchived);
  }
}
