package io.tablecast.hr.work;

import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.EmployeeDetails;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import java.util.Optional;

/**
 * The manager fan-out of SPEC §3 (denormalization): a department summary carries its manager's
 * current names and email, and loses them when the manager is archived (SPEC §9). Pure.
 *
 * <p>The summary's {@code Version} stays the department's: these fields follow the manager's
 * state, not a department event.
 */
public final class ManagerFields {

  private ManagerFields() {}

  /** Whether {@code summary} names {@code managerId} as its manager. */
  public static boolean managedBy(ViewEntity summary, String managerId) {
    return managerId.equals(DepartmentRow.from(summary.properties()).managerId());
  }

  /**
   * The summary with its manager fields following the manager's truth: the current details of an
   * active manager, none for an archived one. Unchanged when the summary names someone else.
   */
  public static ViewEntity follow(ViewEntity summary, String managerId, ViewEntity managerTruth) {
    if (!managedBy(summary, managerId)) {
      return summary;
    }
    DepartmentRow department = DepartmentRow.from(summary.properties());
    LocatorRow manager = TruthRows.locator(managerTruth);
    EmployeeDetails details = manager.employee();
    DepartmentRow followed = manager.isActive()
        ? department.managedBy(managerId, details.firstName(), details.lastName(), details.email())
        : department.withoutManager();
    return new ViewEntity(summary.rowKey(), followed.properties());
  }

  /** Whether the manager still appears in the summary after {@link #follow}: it manages it. */
  public static boolean stillManages(Optional<ViewEntity> summary, String managerId) {
    return summary.filter(s -> managedBy(s, managerId)).isPresent();
  }
}
