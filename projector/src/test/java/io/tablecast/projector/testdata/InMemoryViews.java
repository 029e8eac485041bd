package io.tablecast.projector.testdata;

import io.tablecast.common.tracing.Tracing;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Turn.Write;
import io.tablecast.projector.application.Freshness;
import io.tablecast.projector.application.ProjectionTurns;
import io.tablecast.projector.application.Projector;
import io.tablecast.projector.application.WorkItemSender;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The projector's stores in memory, applying the same pure folds as the table adapters, with a
 * switch to make chosen events fail: for tests of orchestration and failure isolation.
 */
public final class InMemoryViews implements AutoCloseable {

  public final Map<String, Map<String, Map<String, Object>>> employees = new ConcurrentHashMap<>();
  public final Map<EmployeeId, Map<String, Object>> locators = new ConcurrentHashMap<>();
  public final Map<EmployeeId, Map<String, Map<String, Object>>> activity = new ConcurrentHashMap<>();
  public final List<WorkItemSender.Queued> work = new ArrayList<>();
  private final Map<RowRef, Map<String, Object>> rows = new ConcurrentHashMap<>();
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  /** Per table (and department partition) and aggregate, the versions of its events in the order they were applied. */
  public final Map<String, List<Long>> applied = new ConcurrentHashMap<>();
  private volatile Predicate<DomainEvent> failing = e -> false;
  private volatile int jitterMicros;
  private volatile RuntimeException failure = new IllegalArgumentException("injected");

  /** From now on, applying an event that matches fails with {@code failure}. */
  public void fail(Predicate<DomainEvent> which, RuntimeException with) {
    this.failing = which;
    this.failure = with;
  }

  /** From now on, every store call first waits a random time up to {@code micros}, so that lanes interleave. */
  public void jitter(int micros) {
    this.jitterMicros = micros;
  }

  public Projector<DomainEvent> projector() {
    ProjectionTurns turns = new ProjectionTurns() {
      @Override
      public <E> List<Write> apply(Projection<E> projection, List<E> events) {
        pause();
        if (projection == DepartmentPartitions.PROJECTION) {
          events.stream().map(DomainEvent.class::cast).filter(failing).findFirst().ifPresent(e -> {
            throw failure;
          });
        }
        List<Write> written = new ArrayList<>();
        for (E event : events) {
          projection.fold(ref -> Optional.ofNullable(rows.get(ref)), event).forEach(change -> written.add(keep(change)));
        }
        if (projection == DepartmentPartitions.PROJECTION) {
          List<DomainEvent> applied = events.stream().map(DomainEvent.class::cast).toList();
          record("Employees/" + DepartmentPartitions.partitionOf(applied.get(0)).orElseThrow(), applied);
        } else if (projection == HrProjections.LOCATORS) {
          record("EmployeeIndex", events.stream().map(DomainEvent.class::cast).toList());
        }
        return written;
      }
    };
    WorkItemSender sender = items -> {
      synchronized (work) {
        work.addAll(items);
      }
    };
    return new Projector<>(HrProjections.LIVE, ref -> Optional.ofNullable(rows.get(ref)), turns, sender, pool, Freshness.NONE, Tracing.OFF);
  }

  /** Rewrites a department's partition as another writer would: a queue worker moving an employee out, say. */
  public void rewrite(String department, UnaryOperator<Map<String, Map<String, Object>>> edit) {
    Map<String, Map<String, Object>> after = edit.apply(Map.copyOf(employees.getOrDefault(department, Map.of())));
    rows.keySet().removeIf(ref -> ref.table() == ViewTable.EMPLOYEES && ref.partitionKey().equals(department));
    after.forEach((rowKey, row) -> rows.put(DepartmentPartitions.ref(department, rowKey), row));
    employees.put(department, new ConcurrentHashMap<>(after));
  }

  /** A turn's change, kept as a row of its table, and the write it stands for. */
  private Write keep(RowChange change) {
    RowRef ref = change.ref();
    Map<String, Object> properties = change instanceof RowChange.Put put ? put.properties()
        : change instanceof RowChange.Merge merge ? merged(rows.get(ref), merge.properties()) : null;
    if (properties == null) {
      rows.remove(ref);
    } else {
      rows.put(ref, properties);
    }
    Optional<Map<String, Object>> entity = Optional.ofNullable(properties).map(Map::copyOf);
    if (ref.table() == ViewTable.EMPLOYEES) {
      Map<String, Map<String, Object>> partition = employees.computeIfAbsent(ref.partitionKey(), k -> new ConcurrentHashMap<>());
      entity.ifPresentOrElse(row -> partition.put(ref.rowKey(), row), () -> partition.remove(ref.rowKey()));
    } else if (ref.table() == ViewTable.EMPLOYEE_INDEX) {
      entity.ifPresent(row -> locators.put(LocatorRow.from(row).id(), row));
    } else {
      EmployeeId employee = new EmployeeId(Integer.parseInt(ref.partitionKey()));
      entity.ifPresent(row -> activity.computeIfAbsent(employee, id -> new ConcurrentHashMap<>()).put(ref.rowKey(), row));
    }
    return properties == null ? new Write(ref, Write.Kind.DELETE_IF_PRESENT, Map.of()) : new Write(ref, Write.Kind.UPSERT, properties);
  }

  private static Map<String, Object> merged(Map<String, Object> row, Map<String, Object> properties) {
    Map<String, Object> merged = new HashMap<>(row == null ? Map.of() : row);
    merged.putAll(properties);
    return Map.copyOf(merged);
  }

  private void record(String table, List<? extends DomainEvent> events) {
    events.forEach(e -> applied.computeIfAbsent(table + "/" + e.metadata().aggregateId(), k -> new CopyOnWriteArrayList<>())
        .add(e.version()));
  }

  private void pause() {
    int micros = jitterMicros;
    if (micros > 0) {
      LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(micros * 1_000L));
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
