package io.tablecast.workers.application.work;

import io.tablecast.common.concurrent.Parallel;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState.LastNameEntry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;

/**
 * The write steps of a message, each batched over its employees: what lands in one partition or
 * one index entity is written together, in one EGT or one read-modify-write, and the partitions
 * are written in parallel.
 */
final class BatchedSteps {

  private final WorkerStores stores;
  private final ExecutorService pool;

  BatchedSteps(WorkerStores stores, ExecutorService pool) {
    this.stores = stores;
    this.pool = pool;
  }

  /**
   * The steps in their order: archive, place the rows in their targets, remove them from their
   * sources, the email index, the last-name index, the managed departments.
   */
  List<Consumer<List<EmployeeTask>>> inOrder() {
    return List.of(this::archive, tasks -> place(tasks, true), tasks -> place(tasks, false),
        tasks -> Parallel.each(pool, tasks, this::indexEmail), this::indexLastNames, tasks -> Parallel.each(pool, tasks, this::followManagers));
  }

  /** The guide's step 2: insert or replace the archive copy, before the row leaves Current. */
  private void archive(List<EmployeeTask> tasks) {
    Map<String, List<ViewEntity>> byDepartment = new LinkedHashMap<>();
    for (EmployeeTask task : tasks) {
      task.asked().archiveCopy(task.truth()).ifPresent(copy ->
          byDepartment.computeIfAbsent(departmentOf(task.truth()), d -> new ArrayList<>()).add(copy));
    }
    Parallel.each(pool, byDepartment.entrySet(), e -> stores.archive(e.getKey(), e.getValue()));
  }

  /**
   * Puts rows where they belong ({@code present}), or takes them out where they do not: first
   * into the target, then out of the sources, so an employee is never nowhere.
   */
  private void place(List<EmployeeTask> tasks, boolean present) {
    Map<String, Map<EmployeeId, Optional<ViewEntity>>> byDepartment = new LinkedHashMap<>();
    for (EmployeeTask task : tasks) {
      task.asked().placements(task.truth()).forEach((department, row) -> {
        if (row.isPresent() == present) {
          byDepartment.computeIfAbsent(department, d -> new LinkedHashMap<>()).put(task.employee(), row);
        }
      });
    }
    Parallel.each(pool, byDepartment.entrySet(), e -> stores.place(e.getKey(), e.getValue()));
  }

  private void indexEmail(EmployeeTask task) {
    stores.removeEmailEntries(task.employee(), task.intent().staleEmails());
    if (task.desired().email().isPresent() && task.emailOutOfDate()) {
      stores.putEmailEntry(TruthRows.emailEntry(task.truth()), task.emailNewlyIndexed());
    }
  }

  /** One read-modify-write per last name, for every department and employee of the message. */
  private void indexLastNames(List<EmployeeTask> tasks) {
    Map<String, Map<String, Set<String>>> adds = new LinkedHashMap<>();
    Map<String, Map<String, Set<String>>> removes = new LinkedHashMap<>();
    for (EmployeeTask task : tasks) {
      String id = task.employee().canonical();
      if (task.lastNameMaybeMissing()) {
        task.desired().lastName().ifPresent(entry -> collect(adds, entry, id));
      }
      task.intent().staleLastNames().forEach(entry -> collect(removes, entry, id));
    }
    Set<String> lastNames = new HashSet<>(adds.keySet());
    lastNames.addAll(removes.keySet());
    Parallel.each(pool, lastNames, name ->
        stores.updateLastName(name, adds.getOrDefault(name, Map.of()), removes.getOrDefault(name, Map.of())));
  }

  private static void collect(Map<String, Map<String, Set<String>>> byName, LastNameEntry entry, String id) {
    byName.computeIfAbsent(entry.lastName(), n -> new LinkedHashMap<>())
        .computeIfAbsent(entry.departmentId(), d -> new HashSet<>()).add(id);
  }

  private void followManagers(EmployeeTask task) {
    Set<String> departments = task.departmentsToFollow();
    if (!departments.isEmpty()) {
      task.stillManages(stores.followManager(task.employee().canonical(), task.truth(), departments));
    }
  }

  private static String departmentOf(ViewEntity truth) {
    return TruthRows.locator(truth).departmentId();
  }
}
