package io.tablecast.operations.application.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.operations.application.audit.AuditRecords.Line;
import io.tablecast.operations.application.audit.Difference.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Turns the pairs of {@link MergeCompare} into {@link Difference}s: an entity on one side only is
 * {@code missing} or {@code extra}; on both sides with other properties, {@code different}, with
 * each differing property. {@code EmployeesByLastName} ids are gathered per partition and
 * department ({@link LastNameGroup}) and reported once per set that differs.
 */
final class DifferenceFinder implements MergeCompare.Sink, AutoCloseable {

  private final Consumer<Difference> differences;
  private final int maxIdsShown;
  private LastNameGroup group;

  DifferenceFinder(Consumer<Difference> differences, int maxIdsShown) {
    this.differences = differences;
    this.maxIdsShown = maxIdsShown;
  }

  @Override
  public void entity(Line expected, Line actual) {
    Line any = expected != null ? expected : actual;
    if (any.table() == ViewTable.EMPLOYEES_BY_LAST_NAME) {
      lastName(any, expected != null, actual != null);
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

  private void lastName(Line line, boolean expected, boolean actual) {
    if (group != null && !group.holds(line)) {
      flushGroup();
    }
    if (group == null) {
      group = new LastNameGroup(line.partitionKey(), line.rowKey(), maxIdsShown);
    }
    group.add(line.employeeId(), expected, actual);
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

  private static Difference difference(Line line, Kind kind, List<String> details) {
    return new Difference(line.table(), line.partitionKey(), line.rowKey(), kind, details);
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
