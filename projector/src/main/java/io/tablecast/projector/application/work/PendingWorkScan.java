package io.tablecast.projector.application.work;

import io.tablecast.events.EmployeeId;
import io.tablecast.hr.steps.WorkerRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.Work;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Port: the whole of a generation's tables, read for {@link PendingWork}. */
public interface PendingWorkScan {

  /** Told of each employee that has a locator. */
  interface EmployeeVisitor {
    void visit(EmployeeId employee, LocatorRow locator, WorkerRow state);
  }

  /** Visits every employee that has a locator, with its worker row ({@link WorkerRow#NONE} if none). */
  void employees(EmployeeVisitor visitor);

  /** For each of these employees, the departments whose {@code Employees} partitions hold a row of it. */
  Map<EmployeeId, Set<String>> departmentsHolding(Set<EmployeeId> employees);

  /** A manager-assigned item for every department that names a manager, at the department's version. */
  List<Work> managers();
}
