package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import java.util.Optional;

/**
 * What every instance of the processor knows of an employee from its replica of the employee
 * events: whether it is archived, and the details a department shows of its manager. A replica
 * lags the employee's own partition by moments; archiving is final, so "archived" is never stale.
 */
public record EmployeeFacts(boolean archived, String firstName, String lastName, String email) {

  /** The facts after {@code event}; {@code current} is empty before the first event. */
  public static Optional<EmployeeFacts> evolve(Optional<EmployeeFacts> current, EmployeeEvent event) {
    if (event instanceof EmployeeHired e) {
      return Optional.of(new EmployeeFacts(false, e.firstName(), e.lastName(), e.email()));
    } else if (event instanceof EmployeeDetailsChanged e) {
      return Optional.of(new EmployeeFacts(false, e.firstName(), e.lastName(), e.email()));
    } else if (event instanceof EmployeeArchived) {
      return current.map(f -> new EmployeeFacts(true, f.firstName(), f.lastName(), f.email()));
    }
    return current; // a transfer changes nothing a manager shows
  }

  public ManagerDetails managerDetails() {
    return new ManagerDetails(firstName, lastName, email);
  }
}
