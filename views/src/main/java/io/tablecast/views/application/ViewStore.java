package io.tablecast.views.application;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.views.domain.DepartmentView;
import io.tablecast.views.domain.EmployeeView;
import java.util.Optional;

/** Port: the read-only queries of the views, each one of the guide's query types. */
public interface ViewStore {

  /** Point query on the department summary. Empty until its {@code DepartmentCreated} is applied. */
  Optional<DepartmentView> department(DepartmentId department);

  /** Point query on {@code empid_} within the department partition. */
  Optional<EmployeeView> employee(DepartmentId department, EmployeeId employee);
}
