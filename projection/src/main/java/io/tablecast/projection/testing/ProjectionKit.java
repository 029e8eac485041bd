package io.tablecast.projection.testing;

import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowDifference;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Tests a view set's projections in memory, with no Kafka and no storage: the events are folded
 * in turns exactly as the engine folds them, and the rows they leave are compared.
 *
 * <pre>{@code
 * ProjectionKit.of(customerOrders, orderTrail)
 *     .given(placed("o1", "c1", 500), shipped("o1", "c1"))
 *     .expectRow(ProjectionKit.row(CUSTOMERS, "c1", "summary", "Orders", 1L, "Open", 0L, "TotalCents", 500L));
 * }</pre>
 *
 * <p>{@link #assertSameRowsEveryWay} is the property every view set should hold: the engine's
 * batches, one event at a time, a rebuild's fold of the whole log, and a log delivered twice all
 * leave the same rows.
 *
 * @param <E> the projections' events
 */
public final class ProjectionKit<E> {

  private final List<Projection<E>> projections;
  private final Predicate<RowRef> ownBookkeeping;

  private ProjectionKit(List<Projection<E>> projections, Predicate<RowRef> ownBookkeeping) {
    if (projections.isEmpty()) {
      throw new IllegalArgumentException("No projection to test.");
    }
    this.projections = List.copyOf(projections);
    this.ownBookkeeping = ownBookkeeping;
  }

  /**
   * This kit, leaving out of {@link #assertSameRowsEveryWay} the rows that {@code bookkeeping}
   * matches: rows a view set keeps for its own steps, which readers never see and which may
   * remember more or less depending on the order work ran in (what a step's intent row says an
   * item may still hold, say).
   */
  public ProjectionKit<E> exceptBookkeeping(Predicate<RowRef> bookkeeping) {
    return new ProjectionKit<>(projections, bookkeeping);
  }

  /** The projections of one view set, applied to every batch in this order, as the engine's stages are. */
  @SafeVarargs
  public static <E> ProjectionKit<E> of(Projection<E>... projections) {
    return new ProjectionKit<>(List.of(projections), ref -> false);
  }

  public static <E> ProjectionKit<E> of(List<? extends Projection<E>> projections) {
    return new ProjectionKit<>(new ArrayList<>(projections), ref -> false);
  }

  /** A row for {@link Given#expectRows}: its place, then property names and values in pairs. */
  public static Map.Entry<RowRef, Map<String, Object>> row(ViewSet.Table table, String partitionKey, String rowKey, Object... properties) {
    if (properties.length % 2 != 0) {
      throw new IllegalArgumentException("Properties come in name and value pairs, got " + properties.length + " items");
    }
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < properties.length; i += 2) {
      map.put((String) properties[i], properties[i + 1]);
    }
    return Map.entry(new RowRef(table, partitionKey, rowKey), Map.copyOf(map));
  }

  /** The events, delivered in one batch as one poll of the engine would. */
  @SafeVarargs
  public final Given given(E... events) {
    return given(List.of(events));
  }

  public Given given(List<E> events) {
    return new Given(batched(events, List.of(events.size()), 0));
  }

  /** What a list of events left behind. */
  public final class Given {
    private final Map<RowRef, Map<String, Object>> rows;

    private Given(Map<RowRef, Map<String, Object>> rows) {
      this.rows = rows;
    }

    /** Every row of the view set, by table, PartitionKey and RowKey. */
    public Map<RowRef, Map<String, Object>> rows() {
      return rows;
    }

    /** The rows are exactly these; otherwise an {@link AssertionError} lists the missing, unexpected and different ones. */
    @SafeVarargs
    public final Given expectRows(Map.Entry<RowRef, Map<String, Object>>... expected) {
      Map<RowRef, Map<String, Object>> wanted = new LinkedHashMap<>();
      for (Map.Entry<RowRef, Map<String, Object>> row : expected) {
        wanted.put(row.getKey(), row.getValue());
      }
      assertSame("expected", wanted, "projected", rows);
      return this;
    }

    /** The row exists with these properties, whatever the other rows are. */
    public Given expectRow(Map.Entry<RowRef, Map<String, Object>> expected) {
      Map<String, Object> actual = rows.get(expected.getKey());
      if (!expected.getValue().equals(actual)) {
        throw new AssertionError(expected.getKey() + ": expected " + new TreeMap<>(expected.getValue()) + " but was "
            + (actual == null ? "absent" : new TreeMap<>(actual)));
      }
      return this;
    }
  }

  /** Each event in a batch of its own. */
  public Map<RowRef, Map<String, Object>> oneAtATime(List<E> log) {
    return batched(log, Collections.nCopies(log.size(), 1), 0);
  }

  /** The whole log in one batch, as a rebuild folds it: one turn per lane. */
  public Map<RowRef, Map<String, Object>> rebuilt(List<E> log) {
    return batched(log, List.of(log.size()), 0);
  }

  /**
   * The log cut into consecutive batches of these sizes (the last runs to the end); in each
   * batch, each projection folds one turn per lane, the lanes in an order drawn from {@code seed}
   * since the engine runs them side by side.
   */
  public Map<RowRef, Map<String, Object>> batched(List<E> log, List<Integer> sizes, long seed) {
    InMemoryViews<E> views = new InMemoryViews<>(projections);
    Random laneOrder = new Random(seed);
    int from = 0;
    for (int i = 0; from < log.size(); i++) {
      int size = i < sizes.size() ? Math.max(1, sizes.get(i)) : log.size() - from;
      List<E> batch = log.subList(from, Math.min(log.size(), from + size));
      from += batch.size();
      views.apply(batch, laneOrder);
    }
    return views.rows();
  }

  /**
   * Asserts that batches of sizes drawn from {@code seed}, one event at a time, the rebuild's
   * single batch, and the log delivered again from a point drawn from {@code seed} (a consumer
   * that restarts behind its last checkpoint) all leave the same rows.
   */
  public void assertSameRowsEveryWay(List<E> log, long seed) {
    Random random = new Random(seed);
    List<Integer> sizes = new ArrayList<>();
    for (int total = 0; total < log.size(); ) {
      int size = 1 + random.nextInt(Math.max(1, Math.min(log.size(), 50)));
      sizes.add(size);
      total += size;
    }
    Map<RowRef, Map<String, Object>> once = compared(oneAtATime(log));
    assertSame("one event at a time", once, "the rebuild's fold", compared(rebuilt(log)));
    assertSame("one event at a time", once, "batches of " + sizes, compared(batched(log, sizes, seed)));
    List<E> twice = new ArrayList<>(log);
    twice.addAll(log.subList(log.isEmpty() ? 0 : random.nextInt(log.size()), log.size()));
    assertSame("one event at a time", once, "the log with its tail delivered again", compared(batched(twice, sizes, seed)));
  }

  private Map<RowRef, Map<String, Object>> compared(Map<RowRef, Map<String, Object>> rows) {
    Map<RowRef, Map<String, Object>> compared = new LinkedHashMap<>(rows);
    compared.keySet().removeIf(ownBookkeeping);
    return compared;
  }

  private static void assertSame(String leftName, Map<RowRef, Map<String, Object>> left, String rightName,
      Map<RowRef, Map<String, Object>> right) {
    List<String> differences = RowDifference.between(left, right).stream().map(d -> switch (d.kind()) {
      case "missing" -> d.ref() + ": only in " + leftName + ": " + new TreeMap<>(d.expected());
      case "unexpected" -> d.ref() + ": only in " + rightName + ": " + new TreeMap<>(d.actual());
      default -> d.ref() + ": " + leftName + " " + new TreeMap<>(d.expected()) + ", " + rightName + " " + new TreeMap<>(d.actual());
    }).toList();
    if (!differences.isEmpty()) {
      throw new AssertionError(differences.size() + " row(s) differ between " + leftName + " and " + rightName + ":\n  "
          + String.join("\n  ", differences.subList(0, Math.min(20, differences.size()))));
    }
  }
}
