package io.tablecast.hr.tables;

import io.tablecast.projection.ViewSet;

/** The generation-suffixed tables of the HR view set (SPEC §3). */
public enum ViewTable implements ViewSet.Table {
  /** The guide's Current table: departments, employees and intra-partition email copies. */
  EMPLOYEES("Employees"),
  /** Inter-partition secondary indexes: the {@code empid_} locator and {@code email_} entries. */
  EMPLOYEE_INDEX("EmployeeIndex"),
  /** Index entities (the guide's option #3): sorted id lists per last name and department. */
  EMPLOYEES_BY_LAST_NAME("EmployeesByLastName"),
  /** The guide's Archive table. */
  ARCHIVED_EMPLOYEES("ArchivedEmployees"),
  /** The log tail: one entity per employee event, newest first. */
  EMPLOYEE_ACTIVITY("EmployeeActivity");

  private final String baseName;

  ViewTable(String baseName) {
    this.baseName = baseName;
  }

  @Override
  public String baseName() {
    return baseName;
  }
}
