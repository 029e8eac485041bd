package io.tablecast.projector.application;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import java.util.List;

/** Port: the employees' log tails. Writing an event's row again changes nothing. */
public interface ActivityStore {

  void append(EmployeeId employee, List<EmployeeEvent> events);
}
