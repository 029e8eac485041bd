package io.tablecast.viewstore.domain;

import io.tablecast.events.DomainEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The first Entity Group Transaction for a run of events on one partition: as many events as fit
 * in one EGT, and the row changes they make.
 *
 * <p>An EGT holds at most {@value #MAX_OPERATIONS} operations, each row at most once, and less
 * than 4 MiB. Cutting between events, never inside one, keeps the partition-local invariants
 * true after every EGT.
 *
 * @param eventCount how many of the events this EGT covers; the caller plans the rest afresh
 */
public record BatchPlan(int eventCount, List<RowChange> changes) {

  public static final int MAX_OPERATIONS = 100;
  /** A margin under the 4 MiB limit for the multipart framing and JSON escaping. */
  public static final long MAX_ESTIMATED_BYTES = 3L * 1024 * 1024;

  /**
   * Plans the longest prefix of {@code events} whose changes fit in one EGT; the first event always
   * goes, even alone. Linear in the events and the rows they touch: the fold goes an event at a
   * time, and only the rows an event touched are compared again.
   */
  public static BatchPlan first(Map<String, ViewEntity> current, List<? extends DomainEvent> events) {
    int fitting = fittingPrefix(current, events);
    return fitting == 0
        ? new BatchPlan(0, List.of())
        : new BatchPlan(fitting, RowChange.diff(current, DepartmentPartition.fold(current, events.subList(0, fitting))));
  }

  /** How many of the first events fit in one EGT: at least one, unless there are none. */
  private static int fittingPrefix(Map<String, ViewEntity> current, List<? extends DomainEvent> events) {
    DepartmentPartition partition = new DepartmentPartition(current);
    PendingChanges pending = new PendingChanges(current);
    int fitting = 0;
    for (DomainEvent event : events) {
      for (String rowKey : partition.step(event)) {
        pending.update(rowKey, partition.row(rowKey));
      }
      if (fitting > 0 && !pending.fits()) {
        break;
      }
      fitting++;
    }
    return fitting;
  }

  /**
   * Plans the longest prefix of {@code steps} steps whose changes fit in one EGT, given the rows
   * after the first {@code n} steps. The first step always goes, even alone.
   */
  public static BatchPlan firstFitting(Map<String, ViewEntity> current, int steps, IntFunction<Map<String, ViewEntity>> after) {
    if (steps == 0) {
      return new BatchPlan(0, List.of());
    }
    int fitting = 1;
    List<RowChange> changes = RowChange.diff(current, after.apply(1));
    for (int n = 2; n <= steps; n++) {
      List<RowChange> candidate = RowChange.diff(current, after.apply(n));
      if (!fits(candidate)) {
        break;
      }
      fitting = n;
      changes = candidate;
    }
    return new BatchPlan(fitting, changes);
  }

  static boolean fits(List<RowChange> changes) {
    return fits(changes.size(), changes.stream().mapToLong(BatchPlan::estimatedBytes).sum());
  }

  private static boolean fits(int operations, long estimatedBytes) {
    return operations <= MAX_OPERATIONS && estimatedBytes <= MAX_ESTIMATED_BYTES;
  }

  static long estimatedBytes(RowChange change) {
    ViewEntity row = change.row();
    long bytes = 256 + 2L * row.rowKey().length();
    for (Map.Entry<String, Object> p : row.properties().entrySet()) {
      bytes += 64 + 2L * p.getKey().length() + (p.getValue() instanceof String s ? 6L * s.length() : 32);
    }
    return bytes;
  }

  /** The changes from the current rows so far, with their count and size kept as rows change. */
  private static final class PendingChanges {
    private final Map<String, ViewEntity> current;
    private final Map<String, RowChange> byRowKey = new HashMap<>();
    private long estimatedBytes;

    PendingChanges(Map<String, ViewEntity> current) {
      this.current = current;
    }

    /** The row {@code rowKey} is now {@code desired} (null: no row). */
    void update(String rowKey, ViewEntity desired) {
      RowChange previous = byRowKey.remove(rowKey);
      if (previous != null) {
        estimatedBytes -= estimatedBytes(previous);
      }
      RowChange.between(current.get(rowKey), desired).ifPresent(change -> {
        byRowKey.put(rowKey, change);
        estimatedBytes += estimatedBytes(change);
      });
    }

    boolean fits() {
      return BatchPlan.fits(byRowKey.size(), estimatedBytes);
    }
  }
}
