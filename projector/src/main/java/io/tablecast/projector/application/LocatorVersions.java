package io.tablecast.projector.application;

import io.tablecast.events.EmployeeId;

/** Port: the versions the employee locators of {@code EmployeeIndex} reflect, for hires a new owner of their partition gets again. */
@FunctionalInterface
public interface LocatorVersions {

  /** The version the employee's locator reflects; 0 when the employee has none yet. */
  long version(EmployeeId employee);
}
