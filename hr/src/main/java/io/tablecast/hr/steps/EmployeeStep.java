package io.tablecast.hr.steps;

import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.steps.WorkerRow.IndexEntries;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.WorkStep;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * HR's cross-partition steps (SPEC §4), one per queue: the archive, the transfer, and the index
 * maintenance (reindex and manager assignment). Each reconciles the employee its item names against
 * the employee's locator ({@link Reconciliation}), and keeps its intent in the employee's worker row
 * ({@link WorkerRow}), which the engine writes first, under a lease, whenever a turn changes entries
 * the item does not name itself.
 *
 * <p>A hire's item carries the locator the hire wrote ({@link #carried}), and names the entries it
 * files under: its first attempt reads only the last name's shard, inserts the email entry it takes
 * for absent, and inserts the worker row last; if any of those exists after all, the turn is read
 * whole (docs/decisions.md, "A hire's first attempt writes as its item says").
 */
public final class EmployeeStep implements WorkStep<EmployeeItem> {

  public static final EmployeeStep ARCHIVE = new EmployeeStep(WorkQueue.ARCHIVE);
  public static final EmployeeStep TRANSFER = new EmployeeStep(WorkQueue.TRANSFER);
  public static final EmployeeStep INDEX_MAINTENANCE = new EmployeeStep(WorkQueue.INDEX_MAINTENANCE);
  public static final List<WorkStep<?>> ALL = List.of(ARCHIVE, TRANSFER, INDEX_MAINTENANCE);

  private final WorkQueue queue;

  private EmployeeStep(WorkQueue queue) {
    this.queue = queue;
  }

  /** The step of an item's queue. */
  public static EmployeeStep of(EmployeeItem item) {
    return switch (item.type().queue()) {
      case ARCHIVE -> ARCHIVE;
      case TRANSFER -> TRANSFER;
      case INDEX_MAINTENANCE -> INDEX_MAINTENANCE;
    };
  }

  @Override
  public String name() {
    return queue.baseName();
  }

  @Override
  public ViewSet viewSet() {
    return HrViewSet.HR;
  }

  @Override
  public ViewSet.Queue queue() {
    return queue;
  }

  @Override
  public String encode(EmployeeItem item) {
    return item.text();
  }

  @Override
  public EmployeeItem decode(String text) {
    EmployeeItem item = EmployeeItem.parse(text);
    if (item.type().queue() != queue) {
      throw new IllegalArgumentException("a " + item.type() + " item does not travel on " + queue.baseName());
    }
    return item;
  }

  /** One lane per employee: its items are folded one after the other. */
  @Override
  public Optional<String> lane(EmployeeItem item) {
    return Optional.of(item.employeeId());
  }

  /**
   * The employee's worker row and locator; the rows of the departments it is placed from; and for a
   * hire, the entries it files under.
   */
  @Override
  public Set<RowRef> reads(EmployeeItem item) {
    Set<RowRef> reads = new LinkedHashSet<>();
    reads.add(Reconciliation.workerRef(item.employee()));
    reads.add(EmployeeLocators.ref(item.employee()));
    item.placedFrom().forEach(department -> reads.add(DepartmentPartitions.ref(department, EmployeesLayout.employee(item.employee()))));
    item.hiredLocator().map(IndexEntries::of).ifPresent(entries -> {
      entries.email().ifPresent(email -> reads.add(Reconciliation.emailEntryRef(email)));
      entries.lastName().ifPresent(entry -> reads.add(Reconciliation.shardRef(entry, 0)));
    });
    return reads;
  }

  /** A hire's email entry: the address is new. */
  @Override
  public Set<RowRef> assumedAbsent(EmployeeItem item) {
    return item.hiredLocator().flatMap(locator -> IndexEntries.of(locator).email()).map(Reconciliation::emailEntryRef).map(Set::of)
        .orElse(Set.of());
  }

  @Override
  public Set<RowRef> readsAfter(EmployeeItem item, Rows declared) {
    return Reconciliation.looked(item, declared);
  }

  @Override
  public List<RowChange> fold(Rows rows, EmployeeItem item) {
    return Reconciliation.changes(item, rows);
  }

  /** An employee's item waits for its locator at the item's version (a manager's runs without it: its hire's item follows). */
  @Override
  public Optional<String> notYet(EmployeeItem item, Rows rows) {
    if (!item.employeeVersion()) {
      return Optional.empty();
    }
    Optional<LocatorRow> truth = rows.get(EmployeeLocators.ref(item.employee())).map(LocatorRow::from);
    if (truth.map(LocatorRow::version).orElse(0L) >= item.version()) {
      return Optional.empty();
    }
    return Optional.of("waiting for the locator of employee " + item.employeeId() + " at version " + item.version() + " (it is at "
        + truth.map(t -> "version " + t.version()).orElse("none") + ")");
  }

  /** Of HR's rows, the projector keeps the departments' partitions too: their summaries, employee rows and email copies. */
  @Override
  public boolean keptAlone(RowRef row) {
    return row.table() != ViewTable.EMPLOYEES;
  }

  @Override
  public Optional<RowRef> intentRow(EmployeeItem item) {
    return Optional.of(Reconciliation.workerRef(item.employee()));
  }

  @Override
  public Optional<Map<String, Object>> settled(EmployeeItem item, Map<String, Object> intent) {
    return Optional.of(WorkerRow.from(intent).settled().properties());
  }

  @Override
  public Map<RowRef, Map<String, Object>> carried(EmployeeItem item) {
    return item.hiredLocator().map(locator -> Map.of(EmployeeLocators.ref(item.employee()), locator.properties())).orElse(Map.of());
  }

  @Override
  public String toString() {
    return "EmployeeStep[" + name() + "]";
  }
}
