package io.tablecast.projection.testing;

import io.tablecast.projection.RowRef;
import io.tablecast.projection.Turn;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** A view set's rows in memory, written as the engine writes a turn's {@link Turn.Write}s. */
final class InMemoryRows {

  private final Map<RowRef, Map<String, Object>> rows = new LinkedHashMap<>();

  Map<RowRef, Map<String, Object>> read(Set<RowRef> refs) {
    Map<RowRef, Map<String, Object>> read = new LinkedHashMap<>();
    refs.forEach(ref -> {
      if (rows.containsKey(ref)) {
        read.put(ref, rows.get(ref));
      }
    });
    return read;
  }

  void write(Turn.Write write) {
    RowRef ref = write.ref();
    switch (write.kind()) {
      case INSERT -> {
        if (rows.putIfAbsent(ref, write.properties()) != null) {
          throw new IllegalStateException("Inserted " + ref + ", which exists");
        }
      }
      case REPLACE -> {
        if (rows.replace(ref, write.properties()) == null) {
          throw new IllegalStateException("Replaced " + ref + ", which does not exist");
        }
      }
      case DELETE -> {
        if (rows.remove(ref) == null) {
          throw new IllegalStateException("Deleted " + ref + ", which does not exist");
        }
      }
      case UPSERT -> rows.put(ref, write.properties());
      case MERGE -> rows.merge(ref, write.properties(), (old, merged) -> {
        Map<String, Object> both = new LinkedHashMap<>(old);
        both.putAll(merged);
        return Map.copyOf(both);
      });
      case DELETE_IF_PRESENT -> rows.remove(ref);
    }
  }

  /** Every row, ordered by table, PartitionKey and RowKey. */
  Map<RowRef, Map<String, Object>> all() {
    Map<RowRef, Map<String, Object>> sorted = new TreeMap<>(ProjectionKit.ORDER);
    sorted.putAll(rows);
    return sorted;
  }
}
