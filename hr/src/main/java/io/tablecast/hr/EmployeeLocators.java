package io.tablecast.hr;

import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.EmployeeDetails;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The locator of each employee in {@code EmployeeIndex} (SPEC §3): the full latest state of the
 * employee, wherever it is, in a partition of its own. Each employee is a lane whose turn reads
 * its locator and replaces it once for all its events; the queue workers read it as the truth.
 *
 * <p>Version-guarded: an event not newer than the locator is skipped, so redelivery writes
 * nothing. A locator exists only from its hire on.
 */
public final class EmployeeLocators {

  /** Each employee a lane, reading and writing its locator. */
  public static final Projection<EmployeeEvent> PROJECTION = Projection.of("locator", HrViewSet.HR,
      event -> Optional.of(event.employeeId().canonical()), event -> Set.of(ref(event.employeeId())), EmployeeLocators::changes);

  private EmployeeLocators() {}

  /** Where an employee's locator is. */
  public static RowRef ref(EmployeeId employee) {
    return new RowRef(ViewTable.EMPLOYEE_INDEX, IndexLayout.locatorPartition(employee), IndexLayout.ROW);
  }

  /** {@code current} with {@code events} applied in order; {@code current} itself when none is newer. */
  public static Optional<LocatorRow> fold(Optional<LocatorRow> current, List<? extends EmployeeEvent> events) {
    Optional<LocatorRow> locator = current;
    for (EmployeeEvent event : events) {
      if (locator.map(LocatorRow::version).orElse(0L) < event.version()) {
        locator = apply(locator, event);
      }
    }
    return locator;
  }

  /** Who an employee is from its hire on: what the {@code empid_} row and the locator start from. */
  public static EmployeeDetails hired(EmployeeHired e) {
    return new EmployeeDetails(e.employeeId().canonical(), e.firstName(), e.lastName(), e.email(), e.age(),
        e.metadata().occurredAt());
  }

  private static List<RowChange> changes(Rows rows, EmployeeEvent event) {
    RowRef ref = ref(event.employeeId());
    Optional<LocatorRow> before = rows.get(ref).map(LocatorRow::from);
    Optional<LocatorRow> after = fold(before, List.of(event));
    return after.equals(before) ? List.of() : List.of(new RowChange.Put(ref, after.orElseThrow().properties()));
  }

  private static Optional<LocatorRow> apply(Optional<LocatorRow> current, EmployeeEvent event) {
    String eventId = event.metadata().eventId().toString();
    if (event instanceof EmployeeHired e) {
      return Optional.of(LocatorRow.hired(hired(e), e.departmentId().value()).stamped(e.version(), eventId));
    }
    // Every later event changes a locator that its hire created.
    return current.map(locator -> {
      if (event instanceof EmployeeDetailsChanged e) {
        LocatorRow changed = locator.with(
            locator.employee().changed(e.firstName(), e.lastName(), e.email(), e.age()), e.departmentId().value());
        boolean newAddress = !lower(locator.employee().email()).equals(lower(e.email()));
        return newAddress ? changed.withEmailClaimedAt(e.metadata().occurredAt()) : changed;
      } else if (event instanceof EmployeeTransferred e) {
        return locator.with(locator.employee(), e.toDepartmentId().value());
      }
      EmployeeArchived e = (EmployeeArchived) event;
      return locator.archived(e.departmentId().value(), e.metadata().occurredAt(), e.reason().orElse(null));
    }).map(locator -> locator.stamped(event.version(), eventId));
  }

  private static String lower(String email) {
    return email.toLowerCase(Locale.ROOT);
  }
}
