package io.tablecast.viewstore.domain.work;

import static io.tablecast.common.tables.EmployeesLayout.EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.LAST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_ID;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_LAST_NAME;

import io.tablecast.viewstore.domain.TruthRows;
import io.tablecast.viewstore.domain.ViewEntity;
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
    return managerId.equals(summary.string(MANAGER_ID));
  }

  /**
   * The summary with its manager fields following the manager's truth: the current details of an
   * active manager, none for an archived one. Unchanged when the summary names someone else.
   */
  public static ViewEntity follow(ViewEntity summary, String managerId, ViewEntity managerTruth) {
    if (!managedBy(summary, managerId)) {
      return summary;
    }
    if (!TruthRows.isActive(managerTruth)) {
      return summary.without(MANAGER_ID).without(MANAGER_FIRST_NAME).without(MANAGER_LAST_NAME).without(MANAGER_EMAIL);
    }
    return summary
        .with(MANAGER_FIRST_NAME, managerTruth.string(FIRST_NAME))
        .with(MANAGER_LAST_NAME, managerTruth.string(LAST_NAME))
        .with(MANAGER_EMAIL, managerTruth.string(EMAIL));
  }

  /** Whether the manager still appears in the summary after {@link #follow}: it manages it. */
  public static boolean stillManages(Optional<ViewEntity> summary, String managerId) {
    return summary.filter(s -> managedBy(s, managerId)).isPresent();
  }
}
