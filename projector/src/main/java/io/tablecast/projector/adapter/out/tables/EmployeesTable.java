package io.tablecast.projector.adapter.out.tables;

import com.azure.data.tables.TableClient;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.events.DomainEvent;
import io.tablecast.projector.application.PartitionStore;
import io.tablecast.viewstore.adapter.out.tables.Egts;
import io.tablecast.viewstore.adapter.out.tables.KnownRows;
import io.tablecast.viewstore.adapter.out.tables.OptimisticWrite;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.domain.BatchPlan;
import io.tablecast.viewstore.domain.RowChange;
import io.tablecast.viewstore.domain.RowsNeeded;
import io.tablecast.viewstore.domain.ViewEntity;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes department partitions of {@code Employees} as Entity Group Transactions.
 *
 * <p>Read-modify-write with optimistic concurrency: read the rows the events touch, fold, and
 * submit the difference as one EGT in which every insert fails if the row appeared meanwhile and
 * every replace or delete carries the ETag it was read with ({@code If-Match}). Another writer
 * on the same partition (a second projector instance, a queue worker) makes the whole EGT roll
 * back with 409 or 412; the rows are then read again and folded again. So the partition-local
 * invariants hold after every EGT, whoever wins.
 *
 * <p>The first attempt reads as little as it can: the rows that hires create (the employee and
 * its email copy) and the summary of a department the events create are assumed absent (unless
 * known), and the rows this projector last read or wrote are taken, with their ETags, from {@link
 * KnownRows} instead of the store, so a run of hires into a department whose summary it wrote
 * before costs one EGT and no read, and a new department one EGT. If a row assumed absent exists
 * after all (a redelivered hire or department), or a known row changed meanwhile, the EGT fails, and
 * the retry reads everything from the store. A stale known row is safe because of how the fold
 * uses rows: a row it changes is written with {@code If-Match} on the known ETag, and a row it
 * leaves alone was only compared by {@code Version}, which other writers only raise, so an event
 * that is not newer than the known row is not newer than the stored one either.
 */
public final class EmployeesTable implements PartitionStore {

  private static final Logger log = LoggerFactory.getLogger(EmployeesTable.class);

  /** How many rows, with their ETags, the projector keeps from its last reads and writes (a few MiB). */
  static final int KNOWN_ROWS = 10_000;

  private final TableClient table;
  private final DistributionSummary batchSizes;
  private final Counter conflicts;
  private final KnownRows known = new KnownRows(KNOWN_ROWS);

  public EmployeesTable(TableClient table, MeterRegistry metrics) {
    this.table = table;
    this.batchSizes = DistributionSummary.builder("tablecast.projector.egt.size")
        .description("Operations per Entity Group Transaction").publishPercentileHistogram().register(metrics);
    this.conflicts = Counter.builder("tablecast.projector.egt.conflicts")
        .description("EGTs rolled back by a concurrent writer (409/412) and retried").register(metrics);
  }

  @Override
  public void apply(String partitionKey, List<DomainEvent> events) {
    List<DomainEvent> remaining = events;
    while (!remaining.isEmpty()) {
      List<DomainEvent> steps = remaining;
      BatchPlan written = OptimisticWrite.apply(
          lostRaces -> read(partitionKey, steps, lostRaces),
          read -> BatchPlan.first(rows(read), steps),
          (read, plan) -> submit(partitionKey, plan.changes(), read),
          lost -> lost);
      remaining = remaining.subList(written.eventCount(), remaining.size());
    }
  }

  /** The rows that {@code events} need: as few as may do at first, all of them after a lost race. */
  private Map<String, Read> read(String partitionKey, List<DomainEvent> events, int lostRaces) {
    if (lostRaces == 0) {
      return readOptimistically(partitionKey, events);
    }
    conflicts.increment();
    log.debug("EGT on partition {} lost a race; reading again", partitionKey);
    return readRows(partitionKey, events);
  }

  private Map<String, Read> readOptimistically(String partitionKey, List<DomainEvent> events) {
    Map<String, Read> read = readUnknown(partitionKey, RowsNeeded.summaryAndChangedEmployees(events), RowsNeeded.createdBy(events));
    read.putAll(readUnknown(partitionKey, RowsNeeded.currentEmailCopies(rows(read)), Set.of()));
    return read;
  }

  /**
   * The rows known from this projector's last reads and writes, and the others read but for
   * those {@code assumedAbsent}.
   */
  private Map<String, Read> readUnknown(String partitionKey, Set<String> rowKeys, Set<String> assumedAbsent) {
    Map<String, Read> read = new LinkedHashMap<>(known.get(partitionKey, rowKeys));
    Set<String> unknown = new HashSet<>(rowKeys);
    unknown.removeAll(read.keySet());
    unknown.removeAll(assumedAbsent);
    Map<String, Read> fresh = RowReader.read(table, partitionKey, unknown);
    known.read(partitionKey, fresh);
    read.putAll(fresh);
    return read;
  }

  private Map<String, Read> readRows(String partitionKey, List<DomainEvent> events) {
    Map<String, Read> read = new LinkedHashMap<>(readAfresh(partitionKey, RowsNeeded.summaryAndEmployees(events)));
    Set<String> emailRows = new HashSet<>(RowsNeeded.emailCopies(rows(read), events));
    emailRows.removeAll(read.keySet());
    read.putAll(readAfresh(partitionKey, emailRows));
    return read;
  }

  private Map<String, Read> readAfresh(String partitionKey, Set<String> rowKeys) {
    known.forget(partitionKey, rowKeys);
    Map<String, Read> fresh = RowReader.read(table, partitionKey, rowKeys);
    known.read(partitionKey, fresh);
    return fresh;
  }

  private void submit(String partitionKey, List<RowChange> changes, Map<String, Read> read) {
    if (!changes.isEmpty()) {
      known.written(partitionKey, changes, Egts.submit(table, partitionKey, changes, read));
      batchSizes.record(changes.size());
    }
  }

  private static Map<String, ViewEntity> rows(Map<String, Read> read) {
    return Egts.rowsOf(read);
  }

}
