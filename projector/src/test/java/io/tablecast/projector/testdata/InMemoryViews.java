package io.tablecast.projector.testdata;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Turn.Write;
import io.tablecast.projector.application.Freshness;
import io.tablecast.projector.application.LocatorVersions;
import io.tablecast.projector.application.PartitionStore;
import io.tablecast.projector.application.ProjectionTurns;
import io.tablecast.projector.application.Projector;
import io.tablecast.projector.application.WorkItemSender;
import io.tablecast.viewstore.domain.DepartmentPartition;
import io.tablecast.viewstore.domain.ViewEntity;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.ArrayList;
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

/**
 * The projector's stores in memory, applying the same pure folds as the table adapters, with a
 * switch to make chosen events fail: for tests of orchestration and failure isolation.
 */
public final class InMemoryViews implements AutoCloseable {

  public final Map<String, Map<String, ViewEntity>> employees = new ConcurrentHashMap<>();
  public final Map<EmployeeId, ViewEntity> locators = new ConcurrentHashMap<>();
  public final Map<EmployeeId, Map<String, ViewEntity>> activity = new ConcurrentHashMap<>();
  public final List<WorkItem> work = new ArrayList<>();
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

  public Projector projector() {
    PartitionStore partitions = (key, events) -> {
      pause();
      events.stream().filter(failing).findFirst().ifPresent(e -> {
        throw failure;
      });
      employees.compute(key, (k, rows) -> DepartmentPartition.fold(rows == null ? Map.of() : rows, events));
      record("Employees/" + key, events);
    };
    LocatorVersions versions = employee -> Optional.ofNullable(locators.get(employee)).map(ViewEntity::version).orElse(0L);
    ProjectionTurns turns = new ProjectionTurns() {
      @Override
      public <E> List<Write> apply(Projection<E> projection, List<E> events) {
        pause();
        List<Write> written = new ArrayList<>();
        for (E event : events) {
          for (RowChange change : projection.fold(ref -> Optional.ofNullable(rows.get(ref)), event)) {
            RowChange.Put row = (RowChange.Put) change;
            rows.put(row.ref(), row.properties());
            written.add(new Write(row.ref(), Write.Kind.UPSERT, row.properties()));
            ViewEntity entity = new ViewEntity(row.ref().rowKey(), row.properties());
            if (row.ref().table() == ViewTable.EMPLOYEE_INDEX) {
              locators.put(LocatorRow.from(row.properties()).id(), entity);
            } else {
              activity.computeIfAbsent(new EmployeeId(Integer.parseInt(row.ref().partitionKey())), id -> new ConcurrentHashMap<>())
                  .put(row.ref().rowKey(), entity);
            }
          }
        }
        if (projection == EmployeeLocators.PROJECTION) {
          record("EmployeeIndex", events.stream().map(EmployeeEvent.class::cast).toList());
        }
        return written;
      }
    };
    WorkItemSender sender = items -> {
      synchronized (work) {
        work.addAll(items);
      }
    };
    return new Projector(partitions, versions, turns, sender, pool, Freshness.NONE);
  }

  private void record(String table, List<? extends DomainEvent> events) {
    events.forEach(e -> applied.computeIfAbsent(table + "/" + e.metadata().aggregateId(), k -> new CopyOnWriteArrayList<>()).add(e.version()));
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
