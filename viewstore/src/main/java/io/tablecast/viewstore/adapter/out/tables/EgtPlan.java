package io.tablecast.viewstore.adapter.out.tables;

import io.tablecast.common.tables.EgtGuard;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Turn;
import io.tablecast.projection.Turn.Write;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How much of a turn goes in one write: the longest run of its first events whose writes fit one
 * Entity Group Transaction in every partition ({@value EgtGuard#MAX_OPERATIONS} operations, under
 * 4 MiB). A turn is cut between events, never inside one, so every partition's invariants (a
 * summary and the rows it counts, kept in the same EGT) hold after every EGT; the rest of the
 * turn is its own turn. The first event always goes: one event whose writes overflow an EGT is
 * written in several, as a bulk write would be.
 *
 * <p>Pure. A turn that fits, the common case, is folded once; one that does not, a few more
 * times, halving the run each time.
 */
final class EgtPlan {

  /** The first part of a turn, as its own turn, and the writes it folds to. */
  record Part<E>(Turn<E> turn, List<Write> writes) {}

  private EgtPlan() {}

  /**
   * @param turn a turn whose {@link Turn#readsAfter} rounds are done: it names no more rows
   * @param read as for {@link Turn#fold}: the rows of the whole turn that exist, those named to
   *     read after the declared ones included
   */
  static <E> Part<E> firstPart(Turn<E> turn, Map<RowRef, Map<String, Object>> read) {
    List<Write> writes = turn.fold(read);
    int events = turn.events().size();
    if (events == 1 || fits(writes)) {
      return new Part<>(turn, writes);
    }
    Part<E> fitting = null;
    for (int low = 1, high = events - 1; low <= high; ) {
      int middle = (low + high) >>> 1;
      Turn<E> prefix = prefix(turn, middle);
      List<Write> prefixWrites = folded(prefix, read);
      if (fits(prefixWrites)) {
        fitting = new Part<>(prefix, prefixWrites);
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (fitting == null) {
      Turn<E> first = prefix(turn, 1);
      return new Part<>(first, folded(first, read));
    }
    return fitting;
  }

  /** The events of {@code turn} after those of {@code part}, as a turn of their own; null when there are none. */
  static <E> Turn<E> rest(Turn<E> turn, Part<E> part) {
    List<E> events = turn.events();
    int done = part.turn().events().size();
    return done == events.size() ? null : turn.slice(done, events.size());
  }

  /** Whether the writes of each partition fit one EGT; a delete of a row not read goes apart, and counts for none. */
  static boolean fits(List<Write> writes) {
    Map<Partition, Integer> operations = new HashMap<>();
    Map<Partition, Long> bytes = new HashMap<>();
    for (Write write : writes) {
      if (write.kind() != Write.Kind.DELETE_IF_PRESENT) {
        Partition partition = Partition.of(write.ref());
        long size = bytes.merge(partition, EgtGuard.estimatedBytes(write.ref().rowKey(), write.properties()), Long::sum);
        if (!EgtGuard.fits(operations.merge(partition, 1, Integer::sum), size)) {
          return false;
        }
      }
    }
    return true;
  }

  private static <E> Turn<E> prefix(Turn<E> turn, int events) {
    return turn.slice(0, events);
  }

  /**
   * A prefix folded over rows read for the turn it begins: its own rounds of rows named after the
   * declared ones first, which those rows already hold.
   */
  private static <E> List<Write> folded(Turn<E> turn, Map<RowRef, Map<String, Object>> read) {
    Set<RowRef> named = turn.readsAfter(read);
    while (!named.isEmpty()) { // read already: each round names those of the next events
      named = turn.readsAfter(read);
    }
    return turn.fold(read);
  }
}
