package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.EmployeeId;
import java.util.Optional;

/** The department aggregate as the command processor keeps it: rebuilt from its own events. */
public record DepartmentState(
    DepartmentId departmentId,
    long version,
    String name,
    Optional<EmployeeId> managerId,
    Optional<ManagerDetails> manager) {

  /** The state after {@code event}; {@code current} is empty before the first event. */
  public static DepartmentState evolve(Optional<DepartmentState> current, DepartmentEvent event) {
    if (event instanceof DepartmentManagerAssigned e) {
      DepartmentState s = current.orElseThrow();
      return new DepartmentState(
          s.departmentId(),
          e.version(),
          s.name(),
          Optional.of(e.managerId()),
          Optional.of(new ManagerDetails(e.managerFirstName(), e.managerLastName(), e.managerEmail())));
    }
    DepartmentCreated e = (DepartmentCreated) event;
    return new DepartmentState(e.departmentId(), e.version(), e.name(), Optional.empty(), Optional.empty());
  }
}
