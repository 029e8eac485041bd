package io.tablecast.workers.domain.rows;

import io.tablecast.common.tables.EgtGuard;
import io.tablecast.hr.work.ViewEntity;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The first Entity Group Transaction for a run of steps on one partition (a worker's placements,
 * say): as many steps as fit in one EGT, and the row changes they make.
 *
 * <p>An EGT holds at most {@value #MAX_OPERATIONS} operations, each row at most once, and less
 * than 4 MiB. Cutting between steps, never inside one, keeps the partition-local invariants
 * true after every EGT.
 *
 * @param eventCount how many of the steps this EGT covers; the caller plans the rest afresh
 */
public record BatchPlan(int eventCount, List<RowChange> changes) {

  public static final int MAX_OPERATIONS = EgtGuard.MAX_OPERATIONS;

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
    return EgtGuard.fits(changes.size(), changes.stream().mapToLong(BatchPlan::estimatedBytes).sum());
  }

  static long estimatedBytes(RowChange change) {
    return EgtGuard.estimatedBytes(change.rowKey(), change.row().properties());
  }
}
