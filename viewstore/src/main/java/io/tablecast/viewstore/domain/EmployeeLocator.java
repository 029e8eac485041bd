package io.tablecast.viewstore.domain;

import io.tablecast.common.tables.IndexLayout;
import io.tablecast.common.tables.rows.LocatorRow;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The pure fold of an employee's locator in {@code EmployeeIndex}: the full latest state of the
 * employee, wherever it is (SPEC §3). Version-guarded: an event not newer than the locator is
 * skipped, so redelivery changes nothing and the row comes back as it was. A locator exists only
 * from its hire on; the queue workers read it as the truth.
 */
public final class EmployeeLocator {

  private EmployeeLocator() {}

  public static Optional<ViewEntity> fold(Optional<ViewEntity> current, List<? extends EmployeeEvent> events) {
    Optional<LocatorRow> locator = current.map(TruthRows::locator);
    boolean changed = false;
    for (EmployeeEvent event : events) {
      if (locator.map(LocatorRow::version).orElse(0L) < event.version()) {
        locator = apply(locator, event);
        changed = true;
      }
    }
    return changed ? locator.map(row -> new ViewEntity(IndexLayout.ROW, row.properties())) : current;
  }

  private static Optional<LocatorRow> apply(Optional<LocatorRow> current, EmployeeEvent event) {
    String eventId = event.metadata().eventId().toString();
    if (event instanceof EmployeeHired e) {
      return Optional.of(LocatorRow.hired(TruthRows.hired(e), e.departmentId().value()).stamped(e.version(), eventId));
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
