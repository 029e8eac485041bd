package io.tablecast.hr.work;

import io.tablecast.events.DomainEvent;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.projection.RowChange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One department partition of {@code Employees} held in memory, each row as its RowKey and
 * properties, changed by HR's fold of it ({@link DepartmentPartitions}): for the audits and the
 * tests' reference views.
 */
public final class DepartmentPartition {

  private final Map<String, Map<String, Object>> rows;

  private DepartmentPartition(Map<String, Map<String, Object>> current) {
    this.rows = new LinkedHashMap<>(current);
  }

  /** Folds {@code events}, in order, into the {@code current} rows of one partition. */
  public static Map<String, Map<String, Object>> fold(Map<String, Map<String, Object>> current, List<? extends DomainEvent> events) {
    DepartmentPartition partition = new DepartmentPartition(current);
    events.forEach(partition::step);
    return Map.copyOf(partition.rows);
  }

  /** Puts one employee in this partition as the truth says ({@link DepartmentPartitions#place}). */
  public static Map<String, Map<String, Object>> place(Map<String, Map<String, Object>> current, String rowKey,
      Optional<Map<String, Object>> desired) {
    DepartmentPartition partition = new DepartmentPartition(current);
    DepartmentPartitions.place(partition::properties, rowKey, desired).forEach(partition::change);
    return Map.copyOf(partition.rows);
  }

  private void step(DomainEvent event) {
    for (RowChange change : DepartmentPartitions.PROJECTION.fold(ref -> properties(ref.rowKey()), event)) {
      change(change.ref().rowKey(), change instanceof RowChange.Put put ? Optional.of(put.properties()) : Optional.empty());
    }
  }

  private Optional<Map<String, Object>> properties(String rowKey) {
    return Optional.ofNullable(rows.get(rowKey));
  }

  private void change(String rowKey, Optional<Map<String, Object>> after) {
    after.ifPresentOrElse(properties -> rows.put(rowKey, Map.copyOf(properties)), () -> rows.remove(rowKey));
  }
}
