package io.tablecast.commands.application;

import io.tablecast.commands.domain.EmployeeFacts;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.util.Optional;

/**
 * Port: what every instance of the command processor holds of all departments and employees,
 * replicated from the event topics. It lags the aggregates' own partitions by moments, so only
 * facts that never go away decide anything: a department that exists (departments are never
 * deleted), an employee's details for a manager assignment. A miss says nothing.
 */
public interface ReplicatedFacts {

  /** Nothing known: every step is taken. */
  ReplicatedFacts NONE = new ReplicatedFacts() {
    @Override
    public boolean departmentExists(DepartmentId id) {
      return false;
    }

    @Override
    public Optional<EmployeeFacts> employee(EmployeeId id) {
      return Optional.empty();
    }
  };

  boolean departmentExists(DepartmentId id);

  Optional<EmployeeFacts> employee(EmployeeId id);
}
