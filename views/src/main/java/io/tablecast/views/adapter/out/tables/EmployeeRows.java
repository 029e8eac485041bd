package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.hr.tables.rows.ArchivedEmployeeRow;
import io.tablecast.hr.tables.rows.EmployeeDetails;
import io.tablecast.hr.tables.rows.EmployeeRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.views.domain.EmployeeView;
import io.tablecast.views.domain.EmployeeView.Status;
import java.time.Instant;
import java.util.Optional;

/**
 * Rows of {@code Employees}, {@code ArchivedEmployees} and locators as served employees, decoded
 * by the rows' own codecs; properties a projection left out are null.
 */
final class EmployeeRows {

  private EmployeeRows() {}

  static EmployeeView active(String departmentId, TableEntity entity) {
    EmployeeRow row = EmployeeRow.from(entity.getProperties());
    return of(departmentId, row.employee(), row.version(), Status.Active, Optional.empty(), Optional.empty());
  }

  static EmployeeView archived(String departmentId, TableEntity entity) {
    ArchivedEmployeeRow row = ArchivedEmployeeRow.from(entity.getProperties());
    return of(departmentId, row.employee(), row.version(), Status.Archived,
        Optional.ofNullable(row.archivedAt()), Optional.ofNullable(row.reason()));
  }

  /** From a locator, which holds every employee property and the status. */
  static EmployeeView fromLocator(LocatorRow locator) {
    if (locator.status() == LocatorRow.Status.Archived) {
      return of(locator.departmentId(), locator.employee(), locator.version(), Status.Archived,
          Optional.ofNullable(locator.archivedAt()), Optional.ofNullable(locator.reason()));
    }
    return of(locator.departmentId(), locator.employee(), locator.version(), Status.Active, Optional.empty(), Optional.empty());
  }

  private static EmployeeView of(String departmentId, EmployeeDetails employee, Long version, Status status,
      Optional<Instant> archivedAt, Optional<String> reason) {
    return new EmployeeView(employee.employeeId(), departmentId, employee.firstName(), employee.lastName(),
        employee.email(), employee.age(), employee.hiredAt(), version, status, archivedAt, reason);
  }
}
