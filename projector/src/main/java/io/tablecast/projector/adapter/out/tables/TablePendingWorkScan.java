package io.tablecast.projector.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.steps.WorkerRow;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.Work;
import io.tablecast.projector.application.work.PendingWorkScan;
import io.tablecast.projector.domain.work.PendingItems;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * {@link PendingWorkScan} over one generation's tables: range queries over whole tables, page by
 * page, holding one partition's rows at a time.
 */
public final class TablePendingWorkScan implements PendingWorkScan {

  private static final String EMPLOYEE_ROWS = "RowKey ge '" + EmployeesLayout.EMPLOYEE_PREFIX + "' and RowKey lt 'empid`'";

  private final TableClient index;
  private final TableClient employees;

  public TablePendingWorkScan(AzureClients azure, Generation generation) {
    this.index = azure.table(generation.table(ViewTable.EMPLOYEE_INDEX));
    this.employees = azure.table(generation.table(ViewTable.EMPLOYEES));
  }

  @Override
  public void employees(EmployeeVisitor visitor) {
    String filter = "RowKey eq '" + IndexLayout.ROW + "' or RowKey eq '" + IndexLayout.WORKER_ROW + "'";
    LocatorRow[] locator = {null};
    String[] partition = {null};
    each(index, new ListEntitiesOptions().setFilter(filter), entity -> {
      if (!entity.getPartitionKey().startsWith(EmployeesLayout.EMPLOYEE_PREFIX)) {
        return; // the email index's partitions
      }
      if (!entity.getPartitionKey().equals(partition[0])) {
        visit(partition[0], locator[0], WorkerRow.NONE, visitor);
        partition[0] = entity.getPartitionKey();
        locator[0] = null;
      }
      Map<String, Object> row = TableRows.properties(entity);
      if (entity.getRowKey().equals(IndexLayout.ROW)) {
        locator[0] = LocatorRow.from(row);
      } else {
        visit(partition[0], locator[0], WorkerRow.from(row), visitor);
        locator[0] = null;
      }
    });
    visit(partition[0], locator[0], WorkerRow.NONE, visitor);
  }

  /** Rows come sorted by key, the locator ({@code employee}) before the state ({@code worker}). */
  private static void visit(String partition, LocatorRow locator, WorkerRow state, EmployeeVisitor visitor) {
    if (locator != null) {
      employeeId(partition).ifPresent(id -> visitor.visit(id, locator, state));
    }
  }

  @Override
  public Map<EmployeeId, Set<String>> departmentsHolding(Set<EmployeeId> wanted) {
    Map<EmployeeId, Set<String>> holding = new HashMap<>();
    ListEntitiesOptions keysOnly = new ListEntitiesOptions().setFilter(EMPLOYEE_ROWS).setSelect(List.of("PartitionKey", "RowKey"));
    each(employees, keysOnly, entity -> employeeId(entity.getRowKey())
        .filter(wanted::contains)
        .ifPresent(id -> holding.computeIfAbsent(id, k -> new TreeSet<>()).add(entity.getPartitionKey())));
    return holding;
  }

  @Override
  public List<Work> managers() {
    List<Work> managers = new ArrayList<>();
    each(employees, new ListEntitiesOptions().setFilter("RowKey eq '" + EmployeesLayout.DEPARTMENT + "'"), entity -> {
      DepartmentRow department = DepartmentRow.from(TableRows.properties(entity));
      Optional.ofNullable(department.managerId()).ifPresent(manager ->
          managers.add(PendingItems.managerOf(entity.getPartitionKey(), manager, department.version())));
    });
    return managers;
  }

  /** {@code empid_<id8>}, as a PartitionKey of the index or a RowKey of {@code Employees}. */
  private static Optional<EmployeeId> employeeId(String key) {
    return key == null || !key.startsWith(EmployeesLayout.EMPLOYEE_PREFIX) ? Optional.empty()
        : EmployeeId.tryParse(key.substring(EmployeesLayout.EMPLOYEE_PREFIX.length()));
  }

  private static void each(TableClient table, ListEntitiesOptions options, Consumer<TableEntity> each) {
    try {
      table.listEntities(options, NO_TIMEOUT, Context.NONE).forEach(each);
    } catch (HttpResponseException e) {
      // A listing reports a missing table as the SDK's implementation type, not TableServiceException.
      if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
  }
}
