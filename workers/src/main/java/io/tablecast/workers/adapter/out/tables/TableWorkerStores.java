package io.tablecast.workers.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.Generation;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.viewstore.adapter.out.tables.TableResponses;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.adapter.out.tables.WorkerStateRows;
import io.tablecast.viewstore.application.work.WorkDeferred;
import io.tablecast.viewstore.domain.SourcePosition;
import io.tablecast.workers.adapter.out.tables.ArchiveTable;
import io.tablecast.workers.adapter.out.tables.DepartmentManagers;
import io.tablecast.workers.adapter.out.tables.EmailEntries;
import io.tablecast.workers.adapter.out.tables.EmployeesPlacement;
import io.tablecast.workers.adapter.out.tables.EntityWrites;
import io.tablecast.workers.adapter.out.tables.LastNameIndex;
import io.tablecast.workers.application.work.StateNotAbsent;
import io.tablecast.workers.application.work.WorkerStores;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The queue workers' view of one generation's tables (SPEC §3, §4). */
public final class TableWorkerStores implements WorkerStores {

  private final TableClient index;
  private final TableClient checkpoints;
  private final Generation generation;
  private final EmployeesPlacement employees;
  private final ArchiveTable archive;
  private final EmailEntries emails;
  private final LastNameIndex lastNames;
  private final DepartmentManagers managers;

  public TableWorkerStores(AzureClients azure, Generation generation) {
    this.index = azure.table(generation.table(ViewTable.EMPLOYEE_INDEX));
    this.checkpoints = azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints());
    this.generation = generation;
    TableClient current = azure.table(generation.table(ViewTable.EMPLOYEES));
    this.employees = new EmployeesPlacement(current);
    this.archive = new ArchiveTable(azure.table(generation.table(ViewTable.ARCHIVED_EMPLOYEES)));
    this.emails = new EmailEntries(index);
    this.lastNames = new LastNameIndex(azure.table(generation.table(ViewTable.EMPLOYEES_BY_LAST_NAME)));
    this.managers = new DepartmentManagers(current);
  }

  @Override
  public Stored<WorkerState> state(EmployeeId employee) {
    return read(employee, IndexLayout.WORKER_ROW)
        .map(r -> new Stored<>(WorkerStateRows.fromRow(EntityWrites.row(r)), Optional.of(r.etag())))
        .orElse(Stored.none());
  }

  @Override
  public Optional<ViewEntity> truth(EmployeeId employee) {
    return read(employee, IndexLayout.ROW).map(EntityWrites::row);
  }

  @Override
  public Stored<WorkerState> saveState(EmployeeId employee, Stored<WorkerState> before, WorkerState after) {
    String partition = IndexLayout.locatorPartition(employee);
    try {
      Response<Void> response = before.etag().isEmpty()
          ? index.createEntityWithResponse(EntityWrites.toTable(partition, WorkerStateRows.toRow(after), null), NO_TIMEOUT, Context.NONE)
          : index.updateEntityWithResponse(EntityWrites.toTable(partition, WorkerStateRows.toRow(after), before.etag().get()),
              TableEntityUpdateMode.REPLACE, true, NO_TIMEOUT, Context.NONE);
      return new Stored<>(after, Optional.of(TableResponses.etag(response)));
    } catch (TableServiceException e) {
      if (!TableResponses.lostRace(e)) {
        throw e;
      }
      // Our own write, retried after its response was lost, finds itself: that is success.
      return read(employee, IndexLayout.WORKER_ROW)
          .filter(r -> WorkerStateRows.fromRow(EntityWrites.row(r)).equals(after))
          .map(r -> new Stored<>(after, Optional.of(r.etag())))
          .orElseThrow(() -> before.etag().isEmpty()
              ? new StateNotAbsent(employee)
              : new WorkDeferred("another worker changed the state of employee " + employee.canonical()));
    }
  }

  @Override
  public boolean projected(SourcePosition position) {
    String rowKey = CheckpointLayout.rowKey(position.topic(), position.partition());
    return Optional.ofNullable(RowReader.read(checkpoints, generation.checkpointPartition(), Set.of(rowKey)).get(rowKey))
        .map(r -> r.properties().get(CheckpointLayout.APPLIED_OFFSET))
        .filter(applied -> ((Number) applied).longValue() >= position.offset())
        .isPresent();
  }

  @Override
  public void place(String departmentId, Map<EmployeeId, Optional<ViewEntity>> placements) {
    employees.place(departmentId, placements);
  }

  @Override
  public void archive(String departmentId, List<ViewEntity> rows) {
    archive.archive(departmentId, rows);
  }

  @Override
  public void removeEmailEntries(EmployeeId employee, Collection<String> addresses) {
    emails.remove(employee, addresses);
  }

  @Override
  public void putEmailEntry(ViewEntity entry, boolean probablyAbsent) {
    emails.put(entry, probablyAbsent);
  }

  @Override
  public void updateLastName(String lastName, Map<String, Set<String>> addByDepartment, Map<String, Set<String>> removeByDepartment) {
    lastNames.update(lastName, addByDepartment, removeByDepartment);
  }

  @Override
  public Set<String> followManager(String managerId, ViewEntity truth, Collection<String> departments) {
    return managers.follow(managerId, truth, departments);
  }

  private Optional<Read> read(EmployeeId employee, String rowKey) {
    return Optional.ofNullable(RowReader.read(index, IndexLayout.locatorPartition(employee), Set.of(rowKey)).get(rowKey));
  }
}
