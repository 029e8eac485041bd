package io.tablecast.projector.domain;

import static io.tablecast.common.tables.EmployeesLayout.AGE;
import static io.tablecast.common.tables.EmployeesLayout.EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.EMPLOYEE_ID;
import static io.tablecast.common.tables.EmployeesLayout.FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.HIRED_AT;
import static io.tablecast.common.tables.EmployeesLayout.LAST_NAME;
import static io.tablecast.common.tables.IndexLayout.ARCHIVED_AT;
import static io.tablecast.common.tables.IndexLayout.DEPARTMENT_ID;
import static io.tablecast.common.tables.IndexLayout.EMAIL_CLAIMED_AT;
import static io.tablecast.common.tables.IndexLayout.REASON;
import static io.tablecast.common.tables.IndexLayout.STATUS;

import io.tablecast.common.tables.IndexLayout;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.viewstore.domain.ViewEntity;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The pure fold of an employee's locator in {@code EmployeeIndex}: the full latest state of the
 * employee, wherever it is (SPEC §3). Version-guarded: an event not newer than the locator is
 * skipped, so redelivery changes nothing. A locator exists only from its hire on; the queue
 * workers read it as the truth.
 */
public final class EmployeeLocator {

  private EmployeeLocator() {}

  public static Optional<ViewEntity> fold(Optional<ViewEntity> current, List<? extends EmployeeEvent> events) {
    Optional<ViewEntity> locator = current;
    for (EmployeeEvent event : events) {
      if (locator.map(ViewEntity::version).orElse(0L) < event.version()) {
        locator = apply(locator, event);
      }
    }
    return locator;
  }

  private static Optional<ViewEntity> apply(Optional<ViewEntity> current, EmployeeEvent event) {
    String eventId = event.metadata().eventId().toString();
    if (event instanceof EmployeeHired e) {
      return Optional.of(ViewEntity.of(IndexLayout.ROW, IndexLayout.TYPE_LOCATOR)
          .with(EMPLOYEE_ID, e.employeeId().canonical())
          .with(DEPARTMENT_ID, e.departmentId().value())
          .with(STATUS, IndexLayout.ACTIVE)
          .with(FIRST_NAME, e.firstName())
          .with(LAST_NAME, e.lastName())
          .with(EMAIL, e.email())
          .with(EMAIL_CLAIMED_AT, e.metadata().occurredAt())
          .with(AGE, e.age())
          .with(HIRED_AT, e.metadata().occurredAt())
          .stamped(e.version(), eventId));
    }
    // Every later event changes a locator that its hire created.
    return current.map(locator -> {
      if (event instanceof EmployeeDetailsChanged e) {
        ViewEntity changed = locator.with(DEPARTMENT_ID, e.departmentId().value()).with(FIRST_NAME, e.firstName())
            .with(LAST_NAME, e.lastName()).with(EMAIL, e.email()).with(AGE, e.age());
        boolean newAddress = !lower(locator.string(EMAIL)).equals(lower(e.email()));
        return newAddress ? changed.with(EMAIL_CLAIMED_AT, e.metadata().occurredAt()) : changed;
      } else if (event instanceof EmployeeTransferred e) {
        return locator.with(DEPARTMENT_ID, e.toDepartmentId().value());
      }
      EmployeeArchived e = (EmployeeArchived) event;
      ViewEntity archived = locator.with(DEPARTMENT_ID, e.departmentId().value())
          .with(STATUS, IndexLayout.ARCHIVED)
          .with(ARCHIVED_AT, e.metadata().occurredAt());
      return e.reason().map(reason -> archived.with(REASON, reason)).orElse(archived.without(REASON));
    }).map(locator -> locator.stamped(event.version(), eventId));
  }

  private static String lower(String email) {
    return email.toLowerCase(Locale.ROOT);
  }
}
