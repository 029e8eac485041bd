package io.tablecast.views.adapter.out.tables;

import static io.tablecast.common.tables.EmployeesLayout.AGE;
import static io.tablecast.common.tables.EmployeesLayout.EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.EMPLOYEE_COUNT;
import static io.tablecast.common.tables.EmployeesLayout.EMPLOYEE_ID;
import static io.tablecast.common.tables.EmployeesLayout.FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.HIRED_AT;
import static io.tablecast.common.tables.EmployeesLayout.LAST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_EMAIL;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_FIRST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_ID;
import static io.tablecast.common.tables.EmployeesLayout.MANAGER_LAST_NAME;
import static io.tablecast.common.tables.EmployeesLayout.NAME;
import static io.tablecast.common.tables.EmployeesLayout.VERSION;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.common.tables.EmployeesLayout;
import io.tablecast.common.tables.ViewTable;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.views.application.ViewStore;
import io.tablecast.views.domain.DepartmentView;
import io.tablecast.views.domain.DepartmentView.ManagerView;
import io.tablecast.views.domain.EmployeeView;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * Answers view queries with point queries on the active generation's tables (the guide's
 * cheapest query type). Follows {@code ViewCatalog} flips through {@link ActiveTables}.
 */
public final class TableViewStore implements ViewStore {

  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final ActiveTables tables;

  public TableViewStore(ActiveTables tables) {
    this.tables = tables;
  }

  @Override
  public Optional<DepartmentView> department(DepartmentId department) {
    return pointQuery(ViewTable.EMPLOYEES, department.value(), EmployeesLayout.DEPARTMENT)
        .filter(row -> row.getProperty(NAME) != null) // a placeholder until DepartmentCreated
        .map(row -> new DepartmentView(
            department.value(),
            (String) row.getProperty(NAME),
            ((Number) row.getProperty(EMPLOYEE_COUNT)).intValue(),
            ((Number) row.getProperty(VERSION)).longValue(),
            Optional.ofNullable((String) row.getProperty(MANAGER_ID)).map(id -> new ManagerView(
                id,
                (String) row.getProperty(MANAGER_FIRST_NAME),
                (String) row.getProperty(MANAGER_LAST_NAME),
                (String) row.getProperty(MANAGER_EMAIL)))));
  }

  @Override
  public Optional<EmployeeView> employee(DepartmentId department, EmployeeId employee) {
    return pointQuery(ViewTable.EMPLOYEES, department.value(), EmployeesLayout.employee(employee))
        .map(row -> activeEmployee(department.value(), row));
  }

  private static EmployeeView activeEmployee(String departmentId, TableEntity row) {
    return new EmployeeView(
        (String) row.getProperty(EMPLOYEE_ID),
        departmentId,
        (String) row.getProperty(FIRST_NAME),
        (String) row.getProperty(LAST_NAME),
        (String) row.getProperty(EMAIL),
        ((Number) row.getProperty(AGE)).intValue(),
        ((OffsetDateTime) row.getProperty(HIRED_AT)).toInstant(),
        ((Number) row.getProperty(VERSION)).longValue(),
        EmployeeView.Status.Active,
        Optional.empty(),
        Optional.empty());
  }

  private Optional<TableEntity> pointQuery(ViewTable table, String partitionKey, String rowKey) {
    TableClient client = tables.client(table);
    try {
      return Optional.of(client.getEntityWithResponse(partitionKey, rowKey, null, TIMEOUT, Context.NONE).getValue());
    } catch (TableServiceException e) {
      if (e.getResponse().getStatusCode() == 404) {
        return Optional.empty(); // no such row, or the table is not created yet
      }
      throw e;
    }
  }
}
