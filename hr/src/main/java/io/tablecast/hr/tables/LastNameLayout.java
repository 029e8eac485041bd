package io.tablecast.hr.tables;

import java.util.Arrays;
import java.util.List;

/**
 * The layout of {@code EmployeesByLastName} (SPEC §3, the guide's index entities, option #3):
 * PartitionKey {@code key(lower(lastName))}, RowKey {@code <DepartmentId>_<shard 00-99>}, each
 * entity a sorted comma-separated list of at most 1,000 employee ids.
 */
public final class LastNameLayout {

  public static final String TYPE = "LastNameIndex";
  public static final String EMPLOYEE_IDS = "EmployeeIds";
  public static final String COUNT = "Count";

  private LastNameLayout() {}

  public static String rowKey(String departmentId, int shard) {
    return String.format("%s_%02d", departmentId, shard);
  }

  /** The department of a shard's RowKey; department ids hold no {@code _}. */
  public static String departmentOf(String rowKey) {
    return rowKey.substring(0, rowKey.lastIndexOf('_'));
  }

  /** The ids of a shard's {@code EmployeeIds}. */
  public static List<String> ids(String employeeIds) {
    return employeeIds == null || employeeIds.isEmpty() ? List.of() : Arrays.asList(employeeIds.split(","));
  }
}
