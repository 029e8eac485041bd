package io.tablecast.projection;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A row that two sets of rows disagree on: absent from one of them, or with other properties.
 *
 * @param expected the row's properties where it should be; null when it should not exist
 * @param actual the row's properties where it is; null when it does not exist
 */
public record RowDifference(RowRef ref, Map<String, Object> expected, Map<String, Object> actual) {

  /** Every row that differs, by table, PartitionKey and RowKey. */
  public static List<RowDifference> between(Map<RowRef, Map<String, Object>> expected, Map<RowRef, Map<String, Object>> actual) {
    TreeSet<RowRef> refs = new TreeSet<>(InMemoryViews.ORDER);
    refs.addAll(expected.keySet());
    refs.addAll(actual.keySet());
    List<RowDifference> differences = new ArrayList<>();
    refs.forEach(ref -> of(ref, expected.get(ref), actual.get(ref)).ifPresent(differences::add));
    return differences;
  }

  /**
   * How one row differs, if it does.
   *
   * @param expected null when the row should not exist
   * @param actual null when it does not exist
   */
  public static Optional<RowDifference> of(RowRef ref, Map<String, Object> expected, Map<String, Object> actual) {
    return expected != null && expected.equals(actual) || expected == null && actual == null
        ? Optional.empty() : Optional.of(new RowDifference(ref, expected, actual));
  }

  /** {@code missing}, {@code unexpected} or {@code different}. */
  public String kind() {
    return actual == null ? "missing" : expected == null ? "unexpected" : "different";
  }
}
