package io.tablecast.projection;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * A view set's rows kept in memory from batches of events, exactly as the engine keeps them in
 * its tables: in each batch, each projection in its order folds one {@link Turn} per lane, and
 * the turn's writes are applied as the store applies them; then the work the batch asked for
 * ({@link Projection#work}) runs, each item in a turn of its step. A rebuild folds the log this
 * way before it loads the rows, {@code verify} to know what the tables should hold, and the test
 * kit to compare ways of delivering a log.
 *
 * @param <E> the events
 */
public final class InMemoryViews<E> {

  /** Rows by table, PartitionKey and RowKey. */
  public static final Comparator<RowRef> ORDER = Comparator.comparing((RowRef r) -> r.table().baseName())
      .thenComparing(RowRef::partitionKey).thenComparing(RowRef::rowKey);

  private final List<Projection<E>> projections;
  private final Map<RowRef, Map<String, Object>> rows;
  private final Set<Work> pending = new LinkedHashSet<>();

  public InMemoryViews(List<Projection<E>> projections) {
    this(projections, new LinkedHashMap<>());
  }

  /**
   * Keeps the rows in {@code rows}, which the caller owns and reads once {@link #settle settled}:
   * a map kept on disk, for a rebuild whose rows need not fit in memory.
   */
  public InMemoryViews(List<Projection<E>> projections, Map<RowRef, Map<String, Object>> rows) {
    this.projections = List.copyOf(projections);
    this.rows = rows;
  }

  /** One batch, its lanes in the order their first events came. */
  public void apply(List<E> batch) {
    apply(batch, null);
  }

  /**
   * One batch, its lanes in an order drawn from {@code laneOrder}: the engine runs a batch's lanes
   * side by side, so a view set must not depend on their order. Its work, and any left from
   * earlier batches, runs after it; with {@code laneOrder}, as queues deliver it: some of it later,
   * in any order, some of it twice, the items of a step that run at once in one turn, as the items
   * of one message do.
   */
  public void apply(List<E> batch, Random laneOrder) {
    for (Projection<E> projection : projections) {
      Map<String, List<E>> byLane = new LinkedHashMap<>();
      batch.forEach(event -> projection.lane(event).ifPresent(lane -> byLane.computeIfAbsent(lane, l -> new ArrayList<>()).add(event)));
      List<List<E>> lanes = new ArrayList<>(byLane.values());
      if (laneOrder != null) {
        Collections.shuffle(lanes, laneOrder);
      }
      for (List<E> lane : lanes) {
        run(new Turn<>(projection, lane));
      }
      batch.forEach(event -> pending.addAll(projection.work(event)));
    }
    if (laneOrder == null) {
      runPending(pending.size());
    } else {
      List<Work> shuffled = new ArrayList<>(pending);
      Collections.shuffle(shuffled, laneOrder);
      pending.clear();
      pending.addAll(shuffled);
      if (!shuffled.isEmpty() && laneOrder.nextInt(4) == 0) {
        Work again = shuffled.get(0);
        runItems(again.step(), List.of(again.item())); // a worker that died after its writes: the item runs again
      }
      runTogether(laneOrder.nextInt(pending.size() + 1));
    }
  }

  /**
   * Runs all the work asked for so far: the rows are then the view set's. An item that cannot run
   * yet ({@link WorkStep#notYet}) stays {@link #waiting}.
   */
  public void settle() {
    runPending(pending.size());
  }

  /** Every row, by table, PartitionKey and RowKey, once all the work asked for has run. */
  public Map<RowRef, Map<String, Object>> rows() {
    settle();
    Map<RowRef, Map<String, Object>> sorted = new TreeMap<>(ORDER);
    sorted.putAll(rows);
    return sorted;
  }

  private void runPending(int count) {
    due(count).forEach(work -> runItems(work.step(), List.of(work.item())));
  }

  /** As a worker runs the items of a message: each step's in one turn ({@link WorkStep#turn}). */
  private void runTogether(int count) {
    Map<WorkStep<?>, List<String>> byStep = new LinkedHashMap<>();
    due(count).forEach(work -> byStep.computeIfAbsent(work.step(), step -> new ArrayList<>()).add(work.item()));
    byStep.forEach(this::runItems);
  }

  /** A step's items in one turn; those that cannot run yet ({@link WorkStep#notYet}) stay pending, for after the next batch. */
  private void runItems(WorkStep<?> step, List<String> items) {
    Turn<?> turn = step.turn(items);
    run(turn);
    turn.waiting().keySet().forEach(index -> pending.add(new Work(step, items.get(index))));
  }

  /** The work asked for that could not run yet ({@link WorkStep#notYet}), after {@link #settle}: none, once the log is whole. */
  public List<Work> waiting() {
    return List.copyOf(pending);
  }

  private List<Work> due(int count) {
    List<Work> due = pending.stream().limit(count).toList();
    due.forEach(pending::remove);
    return due;
  }

  private void run(Turn<?> turn) {
    Map<RowRef, Map<String, Object>> read = read(turn.reads());
    for (Set<RowRef> more = turn.readsAfter(read); !more.isEmpty(); more = turn.readsAfter(read)) {
      read.putAll(read(more));
    }
    turn.settled(turn.fold(read)).forEach(this::write);
  }

  private Map<RowRef, Map<String, Object>> read(Set<RowRef> refs) {
    Map<RowRef, Map<String, Object>> read = new LinkedHashMap<>();
    refs.forEach(ref -> {
      if (rows.containsKey(ref)) {
        read.put(ref, rows.get(ref));
      }
    });
    return read;
  }

  private void write(Turn.Write write) {
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
}
