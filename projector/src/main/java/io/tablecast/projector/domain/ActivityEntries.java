package io.tablecast.projector.domain;

import io.tablecast.common.tables.ActivityLayout;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventVisitor;
import io.tablecast.viewstore.domain.ViewEntity;

/**
 * The log tail of an employee (SPEC §3, §9): one row per employee event, with a short human
 * sentence and who caused it. An anonymous event's row has no {@code Actor}: it is then the row
 * that was written before actors were recorded, so a live generation projected partly before
 * that and a rebuild of it stay equal. Its RowKey and contents are derived from the event alone,
 * so writing it again is harmless.
 */
public final class ActivityEntries {

  private ActivityEntries() {}

  public static ViewEntity of(EmployeeEvent event) {
    ViewEntity row = ViewEntity.of(ActivityLayout.rowKey(event.metadata().occurredAt(), event.version()), ActivityLayout.TYPE)
        .with(ActivityLayout.EVENT_TYPE, event.eventType())
        .with(ActivityLayout.OCCURRED_AT, event.metadata().occurredAt())
        .with(ActivityLayout.SUMMARY, event.accept(SUMMARY));
    Actor actor = event.metadata().actor();
    if (!actor.isAnonymous()) {
      row = row.with(ActivityLayout.ACTOR, actor.subject());
    }
    return row.stamped(event.version(), event.metadata().eventId().toString());
  }

  private static final EventVisitor<String> SUMMARY = new EventVisitor<>() {
    @Override
    public String on(EmployeeHired e) {
      return "Hired into " + e.departmentId() + " as " + e.firstName() + " " + e.lastName() + ".";
    }

    @Override
    public String on(EmployeeDetailsChanged e) {
      return "Details changed to " + e.firstName() + " " + e.lastName() + ", " + e.email() + ", age " + e.age() + ".";
    }

    @Override
    public String on(EmployeeTransferred e) {
      return "Transferred from " + e.fromDepartmentId() + " to " + e.toDepartmentId() + ".";
    }

    @Override
    public String on(EmployeeArchived e) {
      return "Archived from " + e.departmentId() + e.reason().map(r -> ": " + r).orElse("") + ".";
    }

    @Override
    public String on(DepartmentCreated e) {
      throw new IllegalArgumentException("Not an employee event: " + e.eventType());
    }

    @Override
    public String on(DepartmentManagerAssigned e) {
      throw new IllegalArgumentException("Not an employee event: " + e.eventType());
    }
  };
}
