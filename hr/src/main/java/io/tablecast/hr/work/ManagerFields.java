package io.tablecast.hr.work;

import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.EmployeeDetails;
import io.tablecast.hr.tables.rows.LocatorRow;

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
  public static boolean managedBy(DepartmentRow summary, String managerId) {
    return managerId.equals(summary.managerId());
  }

  /**
   * The summary with its manager fields following the manager's truth ({@code manager}, its
   * locator): the current details of an active manager, none for an archived one. Unchanged when
   * the summary names someone else.
   */
  public static DepartmentRow follow(DepartmentRow summary, LocatorRow manager) {
    String managerId = manager.id().canonical();
    if (!managedBy(summary, managerId)) {
      return summary;
    }
    EmployeeDetails details = manager.employee();
    return manager.isActive() ? summary.managedBy(managerId, details.firstName(), details.lastName(), details.email())
        : summary.withoutManager();
  }
}
