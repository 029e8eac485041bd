package io.tablecast.hr.work;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.rows.LocatorRow;
import java.util.List;
import java.util.Optional;

/**
 * An employee's locator in {@code EmployeeIndex} as HR's queue workers and audits hold it (a
 * {@link ViewEntity}): the fold of {@link EmployeeLocators}, where the locator is written on the
 * projection API.
 */
public final class EmployeeLocator {

  private EmployeeLocator() {}

  /** {@code current} with {@code events} applied; {@code current} itself when none is newer. */
  public static Optional<ViewEntity> fold(Optional<ViewEntity> current, List<? extends EmployeeEvent> events) {
    Optional<LocatorRow> before = current.map(TruthRows::locator);
    Optional<LocatorRow> after = EmployeeLocators.fold(before, events);
    return after.equals(before) ? current : after.map(row -> new ViewEntity(IndexLayout.ROW, row.properties()));
  }
}
