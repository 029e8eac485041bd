package io.tablecast.projection;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    for (RowRef ref : refs) {
      Map<String, Object> want = expected.get(ref);
      Map<String, Object> have = actual.get(ref);
      if (want == null || !want.equals(have)) {
        differences.add(new RowDifference(ref, want, have));
      }
    }
    return differences;
  }

  /** {@code missing}, {@code unexpected} or {@code different}. */
  public String kind() {
    return actual == null ? "missing" : expected == null ? "unexpected" : "different";
  }
}
