package io.tablecast.views.adapter.out.tables;

import static io.tablecast.common.tables.EmployeesLayout.AGE;
import static io.tablecast.common.tables.EmployeesLayout.EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.EMPLOYEE_ID;
import static io.tablecast.common.tables.EmployeesLayout.FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.HIRED_AT;
import static io.tablecast.common.tables.EmployeesLayout.LAST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.VERSION;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.tables.IndexLayout;
import io.tablecast.views.domain.EmployeeView;
import io.tablecast.views.domain.EmployeeView.Status;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/** Rows of {@code Employees}, {@code ArchivedEmployees} and locators as served employees; properties a projection left out are null. */
final class EmployeeRows {

  private EmployeeRows() {}

  static EmployeeView active(String departmentId, TableEntity row) {
    return of(departmentId, row, Status.Active);
  }

  static EmployeeView archived(String departmentId, TableEntity row) {
    return of(departmentId, row, Status.Archived);
  }

  /** From a locator, which holds every employee property and the status. */
  static EmployeeView fromLocator(TableEntity locator) {
    Status status = IndexLayout.ARCHIVED.equals(locator.getProperty(IndexLayout.STATUS)) ? Status.Archived : Status.Active;
    return of((String) locator.getProperty(IndexLayout.DEPARTMENT_ID), locator, status);
  }

  private static EmployeeView of(String departmentId, TableEntity row, Status status) {
    return new EmployeeView(
        (String) row.getProperty(EMPLOYEE_ID),
        departmentId,
        (String) row.getProperty(FIRST_NAME),
        (String) row.getProperty(LAST_NAME),
        (String) row.getProperty(EMAIL),
        Optional.ofNullable((Number) row.getProperty(AGE)).map(Number::intValue).orElse(null),
        instant(row, HIRED_AT),
        Optional.ofNullable((Number) row.getProperty(VERSION)).map(Number::longValue).orElse(null),
        status,
        status == Status.Archived ? Optional.ofNullable(instant(row, IndexLayout.ARCHIVED_AT)) : Optional.empty(),
        status == Status.Archived ? Optional.ofNullable((String) row.getProperty(IndexLayout.REASON)) : Optional.empty());
  }

  static Instant instant(TableEntity row, String property) {
    Object value = row.getProperty(property);
    return value instanceof OffsetDateTime t ? t.toInstant() : null;
  }
}
