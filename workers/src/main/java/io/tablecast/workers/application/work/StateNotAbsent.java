package io.tablecast.workers.application.work;

import io.tablecast.events.EmployeeId;
import io.tablecast.viewstore.application.work.WorkDeferred;

/**
 * A worker took an employee's state to be absent without reading it, as for an employee just
 * hired, and found one: its attempt reads every state and starts again.
 */
public final class StateNotAbsent extends WorkDeferred {

  public StateNotAbsent(EmployeeId employee) {
    super("the workers' state of employee " + employee.canonical() + " exists already");
  }
}
