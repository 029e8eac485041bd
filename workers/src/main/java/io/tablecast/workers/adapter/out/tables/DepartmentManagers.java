package io.tablecast.workers.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntityUpdateMode;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.work.ManagerFields;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.viewstore.adapter.out.tables.OptimisticWrite;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.viewstore.application.work.WorkDeferred;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The manager fan-out: each department summary that names the manager gets its current details
 * ({@link ManagerFields}), by a conditional replace of the summary as read.
 */
public final class DepartmentManagers {

  private final TableClient table;

  public DepartmentManagers(TableClient table) {
    this.table = table;
  }

  public Set<String> follow(String managerId, ViewEntity truth, Collection<String> departments) {
    Set<String> stillManaged = new TreeSet<>();
    for (String department : departments) {
      Optional<ViewEntity> after = OptimisticWrite.apply(
          conflicts -> Optional.ofNullable(
              RowReader.read(table, department, Set.of(EmployeesLayout.DEPARTMENT)).get(EmployeesLayout.DEPARTMENT)),
          summary -> summary.filter(s -> ManagerFields.managedBy(EntityWrites.row(s), managerId))
              .map(s -> ManagerFields.follow(EntityWrites.row(s), managerId, truth)),
          (summary, followed) -> followed.filter(row -> !row.equals(EntityWrites.row(summary.get()))).ifPresent(row ->
              table.updateEntityWithResponse(EntityWrites.toTable(department, row, summary.get().etag()),
                  TableEntityUpdateMode.REPLACE, true, NO_TIMEOUT, Context.NONE)),
          lost -> new WorkDeferred("department '" + department + "' kept changing"));
      if (after.filter(row -> ManagerFields.managedBy(row, managerId)).isPresent()) {
        stillManaged.add(department);
      }
    }
    return stillManaged;
  }
}
