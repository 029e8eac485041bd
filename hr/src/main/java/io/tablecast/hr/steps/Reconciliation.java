package io.tablecast.hr.steps;

import io.tablecast.common.tables.Keys;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmailClaims;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.steps.WorkerRow.IndexEntries;
import io.tablecast.hr.steps.WorkerRow.LastNameEntry;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.EmailClaim;
import io.tablecast.hr.tables.rows.EmailEntryRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.hr.work.LastNameShards;
import io.tablecast.hr.work.ManagerFields;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one item makes of one employee, from the rows it reads (SPEC §4, "reorder safety"): the
 * truth is the employee's locator; the step's own row ({@link WorkerRow}) says where its entries
 * are. In order: the archive copy, the employee's rows put where the locator says and taken out of
 * the other departments (count and email copy with them, in the same EGT), the email entry, the
 * last-name shards, the manager fields of the departments it manages, and its row's intent. Pure.
 *
 * <p>The same code says which rows it needs ({@link #looked}) and what it changes ({@link
 * #changes}): every row it looks at is one the engine reads for it.
 */
final class Reconciliation {

  private final EmployeeItem item;
  private final Rows rows;
  private final EmployeeId employee;
  private final Set<RowRef> looked = new LinkedHashSet<>();
  /** The rows changed so far, in the order first changed: their properties, or empty once deleted. */
  private final Map<RowRef, Optional<Map<String, Object>>> changed = new LinkedHashMap<>();

  private Reconciliation(EmployeeItem item, Rows read) {
    this.item = item;
    this.employee = item.employee();
    this.rows = ref -> {
      if (changed.containsKey(ref)) {
        return changed.get(ref);
      }
      looked.add(ref);
      return read.get(ref);
    };
  }

  /** The changes {@code item} makes, given the rows it looks at. */
  static List<RowChange> changes(EmployeeItem item, Rows rows) {
    Reconciliation reconciliation = new Reconciliation(item, rows);
    reconciliation.run();
    List<RowChange> changes = new ArrayList<>();
    reconciliation.changed.forEach((ref, after) -> changes.add(after.<RowChange>map(properties -> new RowChange.Put(ref, properties))
        .orElseGet(() -> new RowChange.Delete(ref))));
    return changes;
  }

  /** The rows {@code item} looks at, given those read so far ({@code rows} ends the look at the first not read yet). */
  static Set<RowRef> looked(EmployeeItem item, Rows rows) {
    Reconciliation reconciliation = new Reconciliation(item, rows);
    reconciliation.run();
    return Set.copyOf(reconciliation.looked);
  }

  static RowRef workerRef(EmployeeId employee) {
    return new RowRef(ViewTable.EMPLOYEE_INDEX, IndexLayout.locatorPartition(employee), IndexLayout.WORKER_ROW);
  }

  static RowRef emailEntryRef(String email) {
    return new RowRef(ViewTable.EMPLOYEE_INDEX, IndexLayout.emailPartition(email), IndexLayout.ROW);
  }

  static RowRef shardRef(LastNameEntry entry, int shard) {
    return new RowRef(ViewTable.EMPLOYEES_BY_LAST_NAME, Keys.key(entry.lastName()), LastNameShards.rowKey(entry.departmentId(), shard));
  }

  private void run() {
    Optional<LocatorRow> truth = rows.get(EmployeeLocators.ref(employee)).map(LocatorRow::from);
    WorkerRow read = rows.get(workerRef(employee)).map(WorkerRow::from).orElse(WorkerRow.NONE);
    if (truth.isEmpty()) {
      // Only a manager's item runs before its locator (WorkStep#notYet): its hire's item follows what it records.
      putChanged(workerRef(employee), read.managing(Set.copyOf(item.managed())), read);
      return;
    }
    LocatorRow locator = truth.get();
    IndexEntries desired = IndexEntries.of(locator);
    WorkerRow state = read.mayAlsoHold(item.hiredLocator().map(IndexEntries::of).orElse(IndexEntries.NONE), desired);
    boolean place = item.places() || !read.placing().isEmpty();
    if (!place && state.follows(desired, Set.copyOf(item.managed()), locator.version())) {
      return;
    }
    WorkerRow intent = state.intent(desired, Set.copyOf(item.managed()));
    Set<String> placing = new TreeSet<>(read.placing());
    if (place) {
      placing.addAll(item.placedFrom());
      archive(locator);
      place(locator, placing);
    }
    indexEmail(locator, state, intent, desired);
    indexLastName(state, intent, desired);
    Set<String> follow = departmentsToFollow(locator, read, intent);
    Set<String> still = followManagers(locator, follow, intent);
    Set<String> released = new TreeSet<>(follow);
    released.removeAll(still);
    putChanged(workerRef(employee), intent.settlingAt(locator.version(), place ? placing : Set.of(), still, released), read);
  }

  /** The guide's archive flow: the copy in Archive before the row leaves Current. */
  private void archive(LocatorRow locator) {
    if (!locator.isActive()) {
      put(new RowRef(ViewTable.ARCHIVED_EMPLOYEES, locator.departmentId(), EmployeesLayout.employee(employee)),
          locator.archivedRow().properties());
    }
  }

  /** The employee's row in its department while active, none in the others: first into the target, then out of the sources. */
  private void place(LocatorRow locator, Set<String> named) {
    String home = locator.departmentId();
    Optional<Map<String, Object>> row = locator.isActive() ? Optional.of(locator.employeeRow().properties()) : Optional.empty();
    placeIn(home, row);
    named.stream().filter(department -> !department.equals(home)).forEach(department -> placeIn(department, Optional.empty()));
  }

  private void placeIn(String department, Optional<Map<String, Object>> desired) {
    String rowKey = EmployeesLayout.employee(employee);
    DepartmentPartitions.place(key -> rows.get(DepartmentPartitions.ref(department, key)), rowKey, desired)
        .forEach((key, after) -> changed.put(DepartmentPartitions.ref(department, key), after));
  }

  /** The entries of stale addresses that still name the employee go; the entry of its address names it, unless a newer claim holds it. */
  private void indexEmail(LocatorRow locator, WorkerRow state, WorkerRow intent, IndexEntries desired) {
    for (String email : new TreeSet<>(intent.staleEmails())) {
      RowRef ref = emailEntryRef(email);
      if (rows.get(ref).filter(entry -> EmailClaims.owns(entry, employee.canonical())).isPresent()) {
        changed.put(ref, Optional.empty());
      }
    }
    boolean outOfDate = !(state.isSettled() && state.indexed().equals(desired) && state.version() >= locator.version());
    if (desired.email().isPresent() && outOfDate) {
      RowRef ref = emailEntryRef(desired.email().get());
      Map<String, Object> entry = new EmailEntryRow(EmailClaim.of(locator.employeeRow()), locator.departmentId()).properties();
      if (EmailClaims.mayWrite(rows.get(ref), entry)) {
        put(ref, entry);
      }
    }
  }

  /** The employee under its last name and department, and under no stale one. */
  private void indexLastName(WorkerRow state, WorkerRow intent, IndexEntries desired) {
    Map<LastNameEntry, Boolean> adding = new LinkedHashMap<>();
    boolean maybeMissing = !(state.isSettled() && state.indexed().lastName().equals(desired.lastName()));
    desired.lastName().filter(entry -> maybeMissing).ifPresent(entry -> adding.put(entry, true));
    intent.staleLastNames().stream().filter(entry -> !adding.containsKey(entry)).forEach(entry -> adding.put(entry, false));
    adding.forEach((entry, add) -> {
      Map<String, Map<String, Object>> shards = new LinkedHashMap<>();
      for (int shard = 0; shard < LastNameShards.MAX_SHARDS; shard++) {
        Optional<Map<String, Object>> read = rows.get(shardRef(entry, shard));
        read.ifPresent(properties -> shards.put(LastNameShards.rowKey(entry.departmentId(), shards.size()), properties));
        if (read.isEmpty() || !LastNameShards.full(read.get())) {
          break;
        }
      }
      Set<String> id = Set.of(employee.canonical());
      Map<String, Map<String, Object>> after =
          LastNameShards.update(entry.departmentId(), shards, add ? id : Set.of(), add ? Set.of() : id);
      for (int shard = 0; shard < Math.max(shards.size(), after.size()); shard++) {
        String rowKey = LastNameShards.rowKey(entry.departmentId(), shard);
        RowRef ref = shardRef(entry, shard);
        if (!after.containsKey(rowKey)) {
          changed.put(ref, Optional.empty());
        } else if (!after.get(rowKey).equals(shards.get(rowKey))) {
          put(ref, after.get(rowKey));
        }
      }
    });
  }

  /**
   * The departments whose manager fields the turn follows: those the item names, and all the
   * employee manages when its details may have changed since its row last settled; and those a turn
   * cut short after its intent was clearing ({@link WorkerRow#releasing}), which its row no longer
   * lists as managed.
   */
  private Set<String> departmentsToFollow(LocatorRow locator, WorkerRow read, WorkerRow intent) {
    boolean changed = !read.isSettled() || read.version() < locator.version();
    Set<String> follow = new TreeSet<>(changed ? intent.managed() : Set.copyOf(item.managed()));
    follow.addAll(read.releasing());
    return follow;
  }

  /**
   * The departments of {@code follow} whose summary names the employee as manager carry its
   * current details, none once it is archived. Returns the departments it manages after.
   */
  private Set<String> followManagers(LocatorRow locator, Set<String> follow, WorkerRow intent) {
    Set<String> still = new TreeSet<>(intent.managed());
    still.removeAll(follow);
    for (String department : follow) {
      RowRef ref = DepartmentPartitions.ref(department, EmployeesLayout.DEPARTMENT);
      Optional<DepartmentRow> summary = rows.get(ref).map(DepartmentRow::from);
      if (summary.isEmpty() || !employee.canonical().equals(summary.get().managerId())) {
        continue;
      }
      DepartmentRow followed = ManagerFields.follow(summary.get(), locator);
      if (!followed.equals(summary.get())) {
        put(ref, followed.properties());
      }
      if (employee.canonical().equals(followed.managerId())) {
        still.add(department);
      }
    }
    return still;
  }

  private void put(RowRef ref, Map<String, Object> properties) {
    changed.put(ref, Optional.of(properties));
  }

  private void putChanged(RowRef ref, WorkerRow after, WorkerRow read) {
    if (!after.equals(read)) {
      put(ref, after.properties());
    }
  }
}
