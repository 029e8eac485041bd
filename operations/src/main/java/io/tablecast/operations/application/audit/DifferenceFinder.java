package io.tablecast.operations.application.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.operations.application.audit.AuditRecords.Line;
import io.tablecast.operations.application.audit.Difference.Kind;
import io.tablecast.projection.LogAudit;
import io.tablecast.projection.ViewSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Turns the pairs of {@link MergeCompare} into {@link Difference}s: an entity on one side only is
 * {@code missing} or {@code extra}; on both sides with other properties, {@code different}, with
 * each differing property. The members of a packed table are gathered per partition and group
 * ({@link MemberGroup}) and reported once per set that differs.
 */
final class DifferenceFinder implements MergeCompare.Sink, AutoCloseable {

  private final Consumer<Difference> differences;
  private final int maxShown;
  private final Map<String, ViewSet.Table> tables = new HashMap<>();
  private final Map<String, LogAudit.PackedTable> packed = new HashMap<>();
  private MemberGroup group;

  /** @param maxShown of the missing (extra) members of a set, how many a difference names */
  DifferenceFinder(Consumer<Difference> differences, LogAudit<?> audit, int maxShown) {
    this.differences = differences;
    this.maxShown = maxShown;
    audit.views().viewSet().tables().forEach(table -> tables.put(table.baseName(), table));
    audit.packed().forEach(table -> packed.put(table.table().baseName(), table));
  }

  @Override
  public void entity(Line expected, Line actual) {
    Line any = expected != null ? expected : actual;
    if (packed.containsKey(any.table())) {
      member(any, expected != null, actual != null);
      return;
    }
    flushGroup();
    if (actual == null) {
      differences.accept(difference(any, Kind.MISSING, List.of()));
    } else if (expected == null) {
      differences.accept(difference(any, Kind.EXTRA, List.of()));
    } else if (!expected.value().equals(actual.value())) {
      List<String> details = properties(AuditRecords.read(expected.value()), AuditRecords.read(actual.value()));
      if (!details.isEmpty()) {
        differences.accept(difference(any, Kind.DIFFERENT, details));
      }
    }
  }

  private void member(Line line, boolean expected, boolean actual) {
    if (group != null && !group.holds(line)) {
      flushGroup();
    }
    if (group == null) {
      group = new MemberGroup(packed.get(line.table()), line.partitionKey(), line.rowKey(), maxShown);
    }
    group.add(line.member(), expected, actual);
  }

  private void flushGroup() {
    if (group != null) {
      group.difference().ifPresent(differences);
      group = null;
    }
  }

  /** The last group, once the streams are done. */
  @Override
  public void close() {
    flushGroup();
  }

  private Difference difference(Line line, Kind kind, List<String> details) {
    return new Difference(tables.get(line.table()), line.partitionKey(), line.rowKey(), kind, details);
  }

  private static List<String> properties(JsonNode expected, JsonNode actual) {
    TreeSet<String> names = new TreeSet<>();
    expected.fieldNames().forEachRemaining(names::add);
    actual.fieldNames().forEachRemaining(names::add);
    List<String> details = new ArrayList<>();
    for (String name : names) {
      if (!Objects.equals(expected.get(name), actual.get(name))) {
        details.add(name + ": expected " + AuditRecords.show(expected.get(name)) + ", actual " + AuditRecords.show(actual.get(name)));
      }
    }
    return details;
  }
}
