package io.tablecast.hr;

import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventVisitor;
import io.tablecast.hr.tables.ActivityLayout;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The log tail of each employee (SPEC §3, §9: {@code EmployeeActivity}, the guide's log tail
 * pattern): one row per employee event in the employee's partition, with a short human sentence
 * and who caused it. Each employee is a lane; a fold reads nothing, since a row's RowKey and
 * contents come from its event alone, so an event delivered again writes the same row.
 *
 * <p>An anonymous event's row has no {@code Actor}: it is then the row that was written before
 * actors were recorded, so a live generation projected partly before that and a rebuild of it stay
 * equal.
 */
public final class EmployeeActivity {

  /** Each employee a lane; no row read. */
  public static final Projection<EmployeeEvent> PROJECTION = Projection.of("activity", HrViewSet.HR,
      event -> Optional.of(event.employeeId().canonical()), event -> Set.of(), (rows, event) -> List.of(row(event)));

  private EmployeeActivity() {}

  /** The event's row. */
  public static RowChange.Put row(EmployeeEvent event) {
    Map<String, Object> properties = new HashMap<>();
    properties.put(EmployeesLayout.ENTITY_TYPE, ActivityLayout.TYPE);
    properties.put(ActivityLayout.EVENT_TYPE, event.eventType());
    properties.put(ActivityLayout.OCCURRED_AT, event.metadata().occurredAt());
    properties.put(ActivityLayout.SUMMARY, event.accept(SUMMARY));
    Actor actor = event.metadata().actor();
    if (!actor.isAnonymous()) {
      properties.put(ActivityLayout.ACTOR, actor.subject());
    }
    properties.put(EmployeesLayout.VERSION, event.version());
    properties.put(EmployeesLayout.EVENT_ID, event.metadata().eventId().toString());
    return new RowChange.Put(new RowRef(ViewTable.EMPLOYEE_ACTIVITY, event.employeeId().canonical(),
        ActivityLayout.rowKey(event.metadata().occurredAt(), event.version())), properties);
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
