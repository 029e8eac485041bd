package io.tablecast.projection;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
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
 * <p>A declared row, or one an event named to read after them ({@link Projection#readsAfter}, read
 * in a further round: {@link #readsAfter}), was read before the fold, so its write is guarded by
 * what was read: {@link Write.Kind#INSERT} when it was absent, {@link Write.Kind#REPLACE} or {@link
 * Write.Kind#DELETE} on the ETag read otherwise. A row no event declared was not read: its write is
 * an upsert, an insert-or-merge, or a delete of whatever is there.
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
  private final Set<RowRef> namedAfter = new LinkedHashSet<>();
  private final Set<RowRef> consulted = new LinkedHashSet<>();
  private final Map<Integer, String> waiting = new LinkedHashMap<>();
  private final Map<Integer, String> held = new LinkedHashMap<>();
  private final Set<RowRef> intentRowsFolded = new LinkedHashSet<>();
  private Map<RowRef, String> heldRows = Map.of();
  private Items<E> items;

  /** @param events the events of one lane, in their order; each must be one the projection takes */
  public Turn(Projection<E> projection, List<E> events) {
    this.projection = projection;
    this.events = List.copyOf(events);
    this.events.forEach(event -> reads.addAll(projection.reads(event)));
  }

  /**
   * The events {@code from} (inclusive) to {@code to} (exclusive) as a turn of their own, with the
   * rows held back from this one ({@link #holdBack}).
   */
  public Turn<E> slice(int from, int to) {
    Turn<E> slice = new Turn<>(projection, events.subList(from, to));
    slice.heldRows = heldRows;
    return slice;
  }

  public Projection<E> projection() {
    return projection;
  }

  /** The lane's events, in their order. */
  public List<E> events() {
    return events;
  }

  /**
   * The rows to read before {@link #fold}: every row an event of the turn declared, and those
   * {@link #readsAfter} has named so far.
   */
  public Set<RowRef> reads() {
    return Set.copyOf(reads);
  }

  /**
   * The rows still to read, named by the events' {@link Projection#readsAfter} given the rows read
   * so far: the events are folded over {@code read} until one names a row that is not read yet.
   * Read those too and ask again; once this is empty, {@link #fold} may run. A turn whose
   * projection names no such row needs no second read.
   *
   * @param read as for {@link #fold}: the rows of {@link #reads()} that exist
   */
  public Set<RowRef> readsAfter(Map<RowRef, Map<String, Object>> read) {
    Set<RowRef> missing = new LinkedHashSet<>();
    run(read, missing);
    return Set.copyOf(missing);
  }

  /**
   * Every row the events have named to read after their declared ones ({@link Projection#readsAfter})
   * in the folds so far, declared by another event or not, from rows as they were read: rows that a
   * stored row names, which most likely exist. A row named from one an earlier event of the turn
   * changed is not among them: the store may never have held that name.
   */
  public Set<RowRef> namedAfter() {
    return Set.copyOf(namedAfter);
  }

  /**
   * The rows the last fold (or {@link #readsAfter}) looked at, as read or as an earlier event of
   * the turn left them: what its writes depend on. A row the events declared but never looked at
   * made no difference to them.
   */
  public Set<RowRef> consulted() {
    return Set.copyOf(consulted);
  }

  /**
   * The items of a step's turn that the last fold set aside because they cannot run yet ({@link
   * WorkStep#notYet}), by their index in {@link #events()}, each with its reason: they changed
   * nothing, and the engine keeps them for a later turn. Empty for a projection's events.
   */
  public Map<Integer, String> waiting() {
    return Map.copyOf(waiting);
  }

  /**
   * Sets aside, in the folds to come, the items of a step's turn whose intent row ({@link
   * WorkStep#intentRow}) another turn holds: its lease, as the engine read it, with the reason.
   */
  public void holdBack(Map<RowRef, String> heldIntentRows) {
    heldRows = Map.copyOf(heldIntentRows);
  }

  /**
   * The items the last fold set aside because another turn holds their intent row ({@link
   * #holdBack}), by their index in {@link #events()}, each with the reason: they changed nothing.
   */
  public Map<Integer, String> held() {
    return Map.copyOf(held);
  }

  /**
   * The intent rows of a step's items ({@link WorkStep#intentRow}), each with the last item of the
   * turn that keeps it; empty for a projection's events.
   */
  public Map<RowRef, E> intentRows() {
    return items().intentRows();
  }

  /**
   * The rows a step's items carry ({@link WorkStep#carried}), each as the last item that carries it
   * has it; empty for a projection's events.
   *
   * @throws IllegalStateException if an item carries rows but keeps no intent row
   */
  public Map<RowRef, Map<String, Object>> carried() {
    return items().carried();
  }

  /** The intent rows of the items that carry rows ({@link WorkStep#carried}): those their first attempt takes for absent. */
  public Set<RowRef> intentRowsOfCarriers() {
    return items().intentRowsOfCarriers();
  }

  /**
   * The rows the first attempt of the items that carry rows takes for absent without reading them:
   * their intent rows, and the rows they most likely create ({@link Projection#assumedAbsent}).
   */
  public Set<RowRef> absentOnTrust() {
    return items().absentOnTrust();
  }

  /** The intent rows of the items the last fold folded ({@link #intentRows}), not of those it set aside. */
  public Set<RowRef> intentRowsFolded() {
    return Set.copyOf(intentRowsFolded);
  }

  /** What a step's items keep and carry, from the items alone: worked out once per turn. */
  private record Items<E>(Map<RowRef, E> intentRows, Map<RowRef, Map<String, Object>> carried, Set<RowRef> intentRowsOfCarriers,
      Set<RowRef> absentOnTrust) {}

  @SuppressWarnings("unchecked")
  private Items<E> items() {
    if (items == null) {
      Map<RowRef, E> intents = new LinkedHashMap<>();
      Map<RowRef, Map<String, Object>> carried = new LinkedHashMap<>();
      Set<RowRef> carriers = new LinkedHashSet<>();
      Set<RowRef> absent = new LinkedHashSet<>();
      if (projection instanceof WorkStep<?> step) {
        for (E item : events) {
          Optional<RowRef> intentRow = ((WorkStep<E>) step).intentRow(item);
          intentRow.ifPresent(ref -> intents.put(ref, item));
          Map<RowRef, Map<String, Object>> rows = ((WorkStep<E>) step).carried(item);
          if (!rows.isEmpty()) {
            carriers.add(intentRow.orElseThrow(() -> new IllegalStateException("Step '" + step.name() + "' carries rows in " + item
                + " but keeps no intent row to guard them")));
            carried.putAll(rows);
            absent.addAll(projection.assumedAbsent(item));
          }
        }
      }
      absent.addAll(carriers);
      absent.removeAll(carried.keySet());
      items = new Items<>(Collections.unmodifiableMap(intents), Collections.unmodifiableMap(carried),
          Collections.unmodifiableSet(carriers), Collections.unmodifiableSet(absent));
    }
    return items;
  }

  /** The rows the events declared themselves ({@link Projection#reads}), without those named after them. */
  public Set<RowRef> declaredByEvents() {
    Set<RowRef> declared = new LinkedHashSet<>();
    events.forEach(event -> declared.addAll(projection.reads(event)));
    return declared;
  }

  /**
   * The writes of {@link #fold} with each intent row ({@link #intentRows}) as its step settles it
   * ({@link WorkStep#settled}): what the rows are once the whole turn is written. The writes of a
   * projection's turn as they are.
   */
  @SuppressWarnings("unchecked")
  public List<Write> settled(List<Write> writes) {
    Map<RowRef, E> intents = intentRows();
    if (intents.isEmpty()) {
      return writes;
    }
    WorkStep<E> step = (WorkStep<E>) projection;
    List<Write> settled = new ArrayList<>();
    for (Write write : writes) {
      E item = intents.get(write.ref());
      if (item == null || write.kind() == Write.Kind.DELETE) {
        settled.add(write);
        continue;
      }
      Optional<Map<String, Object>> row = step.settled(item, write.properties());
      if (row.isPresent()) {
        settled.add(new Write(write.ref(), write.kind(), row.get()));
      } else if (write.kind() == Write.Kind.REPLACE) {
        settled.add(new Write(write.ref(), Write.Kind.DELETE, Map.of()));
      }
    }
    return settled;
  }

  /**
   * Folds the events over the rows read.
   *
   * @param read the properties of each row of {@link #reads()} that exists; a row of {@link
   *     #reads()} missing from it does not exist
   * @return one write per row whose end state differs from what was read, in the order the
   *     rows were first changed
   * @throws IllegalStateException if an event names a row to read after ({@link #readsAfter}) that was not read
   */
  public List<Write> fold(Map<RowRef, Map<String, Object>> read) {
    Set<RowRef> missing = new LinkedHashSet<>();
    Map<RowRef, State> before = new HashMap<>();
    Map<RowRef, State> states = run(read, missing, before);
    if (!missing.isEmpty()) {
      throw new IllegalStateException("Projection '" + projection.name() + "' needs " + missing + " read before its turn is folded");
    }
    List<Write> writes = new ArrayList<>();
    states.forEach((ref, end) -> end.writeAfter(ref, before.get(ref)).ifPresent(writes::add));
    return writes;
  }

  private void run(Map<RowRef, Map<String, Object>> read, Set<RowRef> missing) {
    run(read, missing, new HashMap<>());
  }

  /**
   * Folds the events in order, each over the rows it declared and those it names to read after
   * them, until one names a row not read yet: those go to {@code missing} (and to {@link #reads}),
   * and the fold stops there. The events after it are only asked which rows they name, over the
   * rows as the fold left them, so that one round of reads serves them all; what they name
   * differently once the events before them are folded is read in a further round.
   *
   * @param before filled with each read row's state before the turn
   * @return the state of each row the events changed
   */
  private Map<RowRef, State> run(Map<RowRef, Map<String, Object>> read, Set<RowRef> missing, Map<RowRef, State> before) {
    consulted.clear();
    waiting.clear();
    held.clear();
    intentRowsFolded.clear();
    Map<RowRef, State> states = new LinkedHashMap<>();
    Set<RowRef> wasRead = Set.copyOf(reads);
    wasRead.forEach(ref -> before.put(ref, State.read(read.get(ref))));
    boolean folding = true;
    for (int index = 0; index < events.size(); index++) {
      E event = events.get(index);
      Set<RowRef> declared = projection.reads(event);
      Optional<String> heldBy = heldBy(event, declared);
      if (heldBy.isPresent()) {
        if (folding) {
          held.put(index, heldBy.get());
        }
        continue;
      }
      Set<RowRef> after = namedAfter(event, declared, wasRead, states, before, missing, folding);
      if (!missing.isEmpty()) {
        folding = false;
        continue;
      }
      Set<RowRef> allowed = new HashSet<>(declared);
      allowed.addAll(after);
      Rows rows = rows(event, allowed, states, before);
      Optional<String> notYet = notYet(event, rows);
      if (notYet.isPresent()) {
        waiting.put(index, notYet.get());
        continue;
      }
      intentRow(event).ifPresent(intentRowsFolded::add);
      for (RowChange change : projection.fold(rows, event)) {
        RowRef ref = change.ref();
        if (!projection.viewSet().tables().contains(ref.table())) {
          throw new IllegalStateException("Projection '" + projection.name() + "' wrote " + ref + ", a table view set '"
              + projection.viewSet().name() + "' does not declare");
        }
        states.put(ref, states.getOrDefault(ref, before.getOrDefault(ref, State.UNKNOWN)).then(change));
      }
    }
    reads.addAll(missing);
    return folding ? states : new LinkedHashMap<>();
  }

  /**
   * The rows {@code event} names to read after its declared ones ({@link Projection#readsAfter}),
   * given the rows as the events before it left them. It may look at rows it named in an earlier
   * round too; a look at one not read yet ends its answer there, and that row goes to {@code
   * missing}, to be read before it is asked again: so it reads only the rows its path through them
   * needs, one round at a time.
   *
   * @param folding whether the events before it were folded: only then are the rows it names recorded in {@link #namedAfter}
   */
  private Set<RowRef> namedAfter(E event, Set<RowRef> declared, Set<RowRef> wasRead, Map<RowRef, State> states,
      Map<RowRef, State> before, Set<RowRef> missing, boolean folding) {
    Rows declaredRows = rows(event, declared, states, before);
    boolean[] changedLooked = {false}; // whether a row it named from was changed earlier in the turn
    Set<RowRef> after;
    try {
      after = projection.readsAfter(event, ref -> {
        changedLooked[0] |= states.containsKey(ref);
        if (declared.contains(ref)) {
          return declaredRows.get(ref);
        }
        if (!wasRead.contains(ref)) {
          missing.add(ref);
          throw NotReadYet.INSTANCE;
        }
        consulted.add(ref);
        return states.getOrDefault(ref, before.get(ref)).present();
      });
    } catch (NotReadYet e) {
      return Set.of(); // asked again once the row is read
    }
    if (folding && !changedLooked[0]) {
      namedAfter.addAll(after);
    }
    after.stream().filter(ref -> !wasRead.contains(ref)).forEach(missing::add);
    return after;
  }

  /**
   * Why another turn holds a step's item ({@link #holdBack}); empty when none does.
   *
   * @throws IllegalStateException if the item's intent row is not among the rows it declared
   */
  @SuppressWarnings("unchecked")
  private Optional<String> heldBy(E event, Set<RowRef> declared) {
    if (!(projection instanceof WorkStep<?> step)) {
      return Optional.empty();
    }
    Optional<RowRef> intentRow = intentRow(event);
    if (intentRow.isPresent() && !declared.contains(intentRow.get())) {
      throw new IllegalStateException("Step '" + step.name() + "' keeps its intent in " + intentRow.get()
          + ", which it does not declare for " + event);
    }
    return intentRow.map(heldRows::get);
  }

  @SuppressWarnings("unchecked")
  private Optional<RowRef> intentRow(E event) {
    return projection instanceof WorkStep<?> step ? ((WorkStep<E>) step).intentRow(event) : Optional.empty();
  }

  /** Why a step's item cannot run yet ({@link WorkStep#notYet}); a projection's events always can. */
  @SuppressWarnings("unchecked")
  private Optional<String> notYet(E event, Rows rows) {
    return projection instanceof WorkStep<?> step ? ((WorkStep<E>) step).notYet(event, rows) : Optional.empty();
  }

  /** The rows an event may look at: {@code allowed}, as the events before it in the turn left them. */
  private Rows rows(E event, Set<RowRef> allowed, Map<RowRef, State> states, Map<RowRef, State> before) {
    return ref -> {
      if (!allowed.contains(ref)) {
        throw new IllegalStateException("Projection '" + projection.name() + "' read " + ref + ", which it did not declare for " + event);
      }
      consulted.add(ref);
      return states.getOrDefault(ref, before.get(ref)).present();
    };
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

  /** Ends a {@link Projection#readsAfter} at its first look at a row not read yet. */
  private static final class NotReadYet extends RuntimeException {
    static final NotReadYet INSTANCE = new NotReadYet();

    private NotReadYet() {
      super("a row not read yet", null, false, false);
    }
  }
}
