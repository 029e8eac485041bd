package io.tablecast.projector.application;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import java.util.List;

/** Port: the employee locators of {@code EmployeeIndex}, written by the projector only. */
public interface LocatorStore {

  /** Folds {@code events} into the employee's locator, version-guarded; safe to repeat. */
  void apply(EmployeeId employee, List<EmployeeEvent> events);

  /** The version the locator reflects; 0 when the employee has none yet. */
  long version(EmployeeId employee);
}
