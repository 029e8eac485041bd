package io.tablecast.operations.application.audit;

import io.tablecast.projection.ViewSet;
import java.util.Map;

/**
 * The outcome of {@code verify}: the events read, and per table how many entities were expected,
 * found and different (for a packed table: members listed, and sets of members that differ).
 *
 * @param checkpointsMoved the projector applied events during the audit, so differences may be
 *     work in flight rather than drift
 */
public record VerifyReport(long eventsRead, Map<ViewSet.Table, Long> expected, Map<ViewSet.Table, Long> found,
    Map<ViewSet.Table, Long> differences, boolean checkpointsMoved) {

  public VerifyReport {
    expected = Map.copyOf(expected);
    found = Map.copyOf(found);
    differences = Map.copyOf(differences);
  }

  public long totalDifferences() {
    return differences.values().stream().mapToLong(Long::longValue).sum();
  }
}
