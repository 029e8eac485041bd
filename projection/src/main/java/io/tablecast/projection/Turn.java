package io.tablecast.projection;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One turn of a lane: a projection's events, folded in order over the rows they declared, and the
 * single write per row that results. The engine runs a turn for each lane of each batch it polls,
 * and a rebuild one for each lane of the whole log; the test kit runs the same code.
 *
 * <p>A declared row was read before the turn, so its write is guarded by what was read: {@link
 * Write.Kind#INSERT} when it was absent, {@link Write.Kind#REPLACE} or {@link Write.Kind#DELETE}
 * on the ETag read otherwise. A row no event declared was not read: its write is an upsert,
 * an insert-or-merge, or a delete of whatever is there.
 *
 * @param <E> the projection's events
 */
public final class Turn<E> {

  /** The write a turn leaves for one row. */
  public record Write(RowRef ref, Kind kind, Map<String, Object> properties) {

    public enum Kind {
      /** A declared row that was absent: insert; it fails if the row appeared meanwhile. */
      INSERT,
      /** A declared row that existed: replace, on the ETag read. */
      REPLACE,
      /** A declared row that existed: delete, on the ETag read. */
      DELETE,
      /** A row not read: insert or replace. */
      UPSERT,
      /** A row not read, only merged into: insert or merge. */
      MERGE,
      /** A row not read: delete it if it is there. */
      DELETE_IF_PRESENT
    }

    public Write {
      Objects.requireNonNull(ref, "'ref' cannot be null.");
      Objects.requireNonNull(kind, "'kind' cannot be null.");
      properties = Map.copyOf(properties);
    }
  }

  private final Projection<E> projection;
  private final List<E> events;
  private final Set<RowRef> reads = new LinkedHashSet<>();

  /** @param events the events of one lane, in their order; each must be one the projection takes */
  public Turn(Projection<E> projection, List<E> events) {
    this.projection = projection;
    this.events = List.copyOf(events);
    this.events.forEach(event -> reads.addAll(projection.reads(event)));
  }

  public Projection<E> projection() {
    return projection;
  }

  /** The rows to read before {@link #fold}: every row an event of the turn declared. */
  public Set<RowRef> reads() {
    return Set.copyOf(reads);
  }

  /**
   * Folds the events over the rows read.
   *
   * @param read the properties of each row of {@link #reads()} that exists; a row of {@link
   *     #reads()} missing from it does not exist
   * @return one write per row whose end state differs from what was read, in the order the
   *     rows were first changed
   */
  public List<Write> fold(Map<RowRef, Map<String, Object>> read) {
    Map<RowRef, State> states = new LinkedHashMap<>();
    Map<RowRef, State> before = new HashMap<>();
    reads.forEach(ref -> before.put(ref, State.read(read.get(ref))));
    for (E event : events) {
      Set<RowRef> declared = projection.reads(event);
      Rows rows = ref -> {
        if (!declared.contains(ref)) {
          throw new IllegalStateException("Projection '" + projection.name() + "' read " + ref + ", which it did not declare for " + event);
        }
        return states.getOrDefault(ref, before.get(ref)).present();
      };
      for (RowChange change : projection.fold(rows, event)) {
        RowRef ref = change.ref();
        if (!projection.viewSet().tables().contains(ref.table())) {
          throw new IllegalStateException("Projection '" + projection.name() + "' wrote " + ref + ", a table view set '"
              + projection.viewSet().name() + "' does not declare");
        }
        states.put(ref, states.getOrDefault(ref, before.getOrDefault(ref, State.UNKNOWN)).then(change));
      }
    }
    List<Write> writes = new ArrayList<>();
    states.forEach((ref, end) -> end.writeAfter(ref, before.get(ref)).ifPresent(writes::add));
    return writes;
  }

  /**
   * A row as the turn knows it: read or written whole ({@code known}), present or not; or, for a
   * row neither read nor put, the properties merged into it so far.
   */
  private record State(boolean known, boolean exists, Map<String, Object> properties) {

    static final State UNKNOWN = new State(false, false, Map.of());

    static State read(Map<String, Object> properties) {
      return properties == null ? new State(true, false, Map.of()) : new State(true, true, Map.copyOf(properties));
    }

    Optional<Map<String, Object>> present() {
      return exists ? Optional.of(properties) : Optional.empty();
    }

    State then(RowChange change) {
      if (change instanceof RowChange.Put put) {
        return new State(true, true, put.properties());
      }
      if (change instanceof RowChange.Merge merge) {
        Map<String, Object> merged = new LinkedHashMap<>(properties);
        merged.putAll(merge.properties());
        return new State(known, true, Map.copyOf(merged));
      }
      return new State(true, false, Map.of());
    }

    /** @param read the row as read before the turn; null for a row no event declared */
    Optional<Write> writeAfter(RowRef ref, State read) {
      if (read == null) {
        if (!known) {
          return Optional.of(new Write(ref, Write.Kind.MERGE, properties));
        }
        return Optional.of(exists ? new Write(ref, Write.Kind.UPSERT, properties) : new Write(ref, Write.Kind.DELETE_IF_PRESENT, Map.of()));
      }
      if (read.exists) {
        if (!exists) {
          return Optional.of(new Write(ref, Write.Kind.DELETE, Map.of()));
        }
        return properties.equals(read.properties) ? Optional.empty() : Optional.of(new Write(ref, Write.Kind.REPLACE, properties));
      }
      return exists ? Optional.of(new Write(ref, Write.Kind.INSERT, properties)) : Optional.empty();
    }
  }
}
