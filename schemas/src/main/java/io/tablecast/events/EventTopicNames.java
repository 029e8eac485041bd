package io.tablecast.events;

import java.util.List;

/** The topics HR's events are written to (SPEC §1), without a namespace, keyed by their aggregate's id. */
public final class EventTopicNames {

  public static final String EMPLOYEE_EVENTS = "tablecast.employee-events";
  public static final String DEPARTMENT_EVENTS = "tablecast.department-events";
  public static final List<String> ALL = List.of(EMPLOYEE_EVENTS, DEPARTMENT_EVENTS);

  private EventTopicNames() {}

  /** The topic of the event's aggregate. */
  public static String of(DomainEvent event) {
    return event instanceof DepartmentEvent ? DEPARTMENT_EVENTS : EMPLOYEE_EVENTS;
  }
}
