package io.tablecast.workers.adapter.out.tables;

import com.azure.data.tables.TableClient;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.work.DepartmentPartition;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.workers.domain.rows.BatchPlan;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The queue workers' writes to one department partition of {@code Employees}: employees put in
 * or taken out as the truth says ({@link DepartmentPartition#place}), with the count and the
 * email copies in the same EGT (SPEC §3). First the employee rows alone are read; when they are
 * already as the truth says, as for a duplicated item, nothing else is read or written. Otherwise
 * the first attempt reuses them and reads only what it cannot assume.
 */
public final class EmployeesPlacement {

  private final TableClient table;

  public EmployeesPlacement(TableClient table) {
    this.table = table;
  }

  public void place(String departmentId, Map<EmployeeId, Optional<ViewEntity>> employees) {
    List<Map.Entry<EmployeeId, Optional<ViewEntity>>> placements = new ArrayList<>(employees.entrySet());
    Map<String, Read> rows = RowReader.read(table, departmentId, placements.stream().map(p -> EmployeesLayout.employee(p.getKey())).toList());
    if (placements.stream().allMatch(p -> settled(Optional.ofNullable(rows.get(EmployeesLayout.employee(p.getKey()))), p.getValue()))) {
      return;
    }
    AtomicBoolean firstRead = new AtomicBoolean(true);
    EntityWrites.readModifyWrite(table, departmentId, placements.size(),
        done -> firstRead.getAndSet(false)
            ? readOptimistically(departmentId, rows)
            : read(departmentId, placements.subList(done, placements.size())),
        (done, current) -> BatchPlan.firstFitting(current, placements.size() - done,
            n -> placeAll(current, placements.subList(done, done + n))));
  }

  /**
   * The first attempt's rows: the employee rows just read, the summary, and the email copies of
   * the rows that exist, which may have to go. The copies of the desired addresses are assumed
   * absent, as they are for an employee moving in: if one exists after all, its insert fails,
   * the EGT rolls back, and the next attempt reads everything.
   */
  private Map<String, Read> readOptimistically(String departmentId, Map<String, Read> employeeRows) {
    Map<String, Read> read = new LinkedHashMap<>(employeeRows);
    read.putAll(RowReader.read(table, departmentId, List.of(EmployeesLayout.DEPARTMENT)));
    read.putAll(RowReader.read(table, departmentId, copiesHeld(employeeRows.values())));
    return read;
  }

  /** Whether the row is already as {@link DepartmentPartition#place} would leave it. */
  private static boolean settled(Optional<Read> row, Optional<ViewEntity> desired) {
    if (desired.isEmpty()) {
      return row.isEmpty();
    }
    return row.map(EntityWrites::row).filter(stored -> stored.equals(desired.get()) || stored.version() > desired.get().version())
        .isPresent();
  }

  /** The summary, the employees' rows, and the email copies of their current and desired addresses. */
  private Map<String, Read> read(String departmentId, List<Map.Entry<EmployeeId, Optional<ViewEntity>>> placements) {
    Set<String> keys = new LinkedHashSet<>();
    keys.add(EmployeesLayout.DEPARTMENT);
    placements.forEach(p -> keys.add(EmployeesLayout.employee(p.getKey())));
    Map<String, Read> read = new LinkedHashMap<>(RowReader.read(table, departmentId, keys));
    Set<String> copies = copiesHeld(read.values());
    placements.forEach(p -> p.getValue().ifPresent(r -> copies.add(EmployeesLayout.email(r.string(EmployeesLayout.EMAIL)))));
    copies.removeAll(read.keySet());
    read.putAll(RowReader.read(table, departmentId, copies));
    return read;
  }

  /** The {@code email_} copies of the addresses that the employee rows among {@code rows} hold. */
  private static Set<String> copiesHeld(Collection<Read> rows) {
    Set<String> copies = new LinkedHashSet<>();
    rows.stream().map(EntityWrites::row).filter(r -> r.rowKey().startsWith(EmployeesLayout.EMPLOYEE_PREFIX))
        .forEach(r -> copies.add(EmployeesLayout.email(r.string(EmployeesLayout.EMAIL))));
    return copies;
  }

  private static Map<String, ViewEntity> placeAll(Map<String, ViewEntity> current, List<Map.Entry<EmployeeId, Optional<ViewEntity>>> placements) {
    Map<String, ViewEntity> rows = current;
    for (Map.Entry<EmployeeId, Optional<ViewEntity>> p : placements) {
      rows = DepartmentPartition.place(rows, EmployeesLayout.employee(p.getKey()), p.getValue());
    }
    return rows;
  }
}
