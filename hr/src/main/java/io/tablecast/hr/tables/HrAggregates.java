package io.tablecast.hr.tables;

import io.tablecast.events.EmployeeId;
import io.tablecast.projection.AggregateRow;
import io.tablecast.projection.RowRef;
import java.util.List;
import java.util.Optional;

/**
 * Where HR keeps its aggregates' versions, for the tokens of commands that wrote no event: a
 * department's on its summary in {@code Employees}, an employee's on its locator in
 * {@code EmployeeIndex} (the projector stamps both with every event it applies).
 */
public final class HrAggregates {

  public static final AggregateRow DEPARTMENT = new AggregateRow("department",
      id -> Optional.of(new RowRef(ViewTable.EMPLOYEES, id, EmployeesLayout.DEPARTMENT)), EmployeesLayout.VERSION);
  public static final AggregateRow EMPLOYEE = new AggregateRow("employee",
      id -> EmployeeId.tryParse(id).map(e -> new RowRef(ViewTable.EMPLOYEE_INDEX, IndexLayout.locatorPartition(e), IndexLayout.ROW)),
      EmployeesLayout.VERSION);
  public static final List<AggregateRow> ALL = List.of(DEPARTMENT, EMPLOYEE);

  private HrAggregates() {}
}
