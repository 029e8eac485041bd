package io.tablecast.projection;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A view kept from events: which events it takes, what must be applied in order, which rows it
 * needs to see, and a pure fold from those rows and one event to row changes.
 *
 * <p>The engine reads the declared rows of a lane's events once, folds the events in order over
 * them, and writes each changed row once (a {@link Turn}). A rebuild folds the whole log the same
 * way. The fold must therefore be a function of its rows and its event alone, and redelivery of an
 * event must change nothing: compare a row's version with the event's, as the HR folds do.
 *
 * @param <E> the events, as the projection's decoder gives them
 */
public interface Projection<E> {

  /** For logs and metrics, unique within the view set: {@code locator}, {@code activity}. */
  String name();

  ViewSet viewSet();

  /**
   * What must be applied in order with this event: events of one lane are folded one after the
   * other, lanes side by side. Empty when the projection does not take this event.
   */
  Optional<String> lane(E event);

  /**
   * The rows the fold looks at for this event; the engine reads them before the turn. None by
   * default: the rows of a projection that derives them from the event alone, a log tail say, are
   * written without reading.
   */
  default Set<RowRef> reads(E event) {
    return Set.of();
  }

  /**
   * Of the rows this event declared ({@link #reads}), those it most likely finds absent: the
   * rows it creates. A projector that does not know such a row takes it for absent without
   * reading it, unless a row it read names it ({@link #readsAfter}), and reads any other declared
   * row it does not know. A guess that proves wrong costs a failed write and the read it spared.
   * Every declared row by default, which suits a view set whose rows mostly appear with the events
   * that write them.
   */
  default Set<RowRef> assumedAbsent(E event) {
    return reads(event);
  }

  /**
   * The rows the fold also looks at whose keys only other rows tell, not the event: the copy of a
   * row kept under an address that the row holds, say, which a change of address must delete.
   * Asked just before the event is folded, with the rows it declared in {@link #reads} as the
   * turn's earlier events left them; the engine reads the rows named here too (a second read,
   * unless it knows them), and the fold may look at both. None by default.
   *
   * <p>It may look at the rows it names as well, to name more: the next shard of an index once one
   * is full, say. Its first look at a row not read yet ends its answer: the row is read, and it is
   * asked again, until it names nothing new; so it costs the reads of the rows its path needs. The
   * rows of every event of a turn are read in the same rounds.
   */
  default Set<RowRef> readsAfter(E event, Rows declared) {
    return Set.of();
  }

  /** The changes this event makes, given the rows it declared. Pure: no clock, no I/O. */
  List<RowChange> fold(Rows rows, E event);

  /**
   * The cross-partition steps this event asks for ({@link WorkStep}), derived from the event
   * alone. The engine queues them once the event's turn is written and before its checkpoint, so
   * an event delivered again asks for them again; a step reconciles from the rows it reads, so
   * running it again changes nothing.
   */
  default List<Work> work(E event) {
    return List.of();
  }

  /**
   * {@code projection}, which takes events of one type, as a projection of a view set whose events
   * are of a wider type: an event of another type is none of its business (no lane, no rows, no work).
   */
  static <E, S extends E> Projection<E> on(Class<S> type, Projection<S> projection) {
    return new Projection<>() {
      @Override
      public String name() {
        return projection.name();
      }

      @Override
      public ViewSet viewSet() {
        return projection.viewSet();
      }

      @Override
      public Optional<String> lane(E event) {
        return type.isInstance(event) ? projection.lane(type.cast(event)) : Optional.empty();
      }

      @Override
      public Set<RowRef> reads(E event) {
        return type.isInstance(event) ? projection.reads(type.cast(event)) : Set.of();
      }

      @Override
      public Set<RowRef> assumedAbsent(E event) {
        return type.isInstance(event) ? projection.assumedAbsent(type.cast(event)) : Set.of();
      }

      @Override
      public Set<RowRef> readsAfter(E event, Rows declared) {
        return type.isInstance(event) ? projection.readsAfter(type.cast(event), declared) : Set.of();
      }

      @Override
      public List<RowChange> fold(Rows rows, E event) {
        return type.isInstance(event) ? projection.fold(rows, type.cast(event)) : List.of();
      }

      @Override
      public List<Work> work(E event) {
        return type.isInstance(event) ? projection.work(type.cast(event)) : List.of();
      }

      @Override
      public String toString() {
        return projection + " of " + type.getSimpleName();
      }
    };
  }

  /** The fold of {@link #fold}, for {@link #of}. */
  @FunctionalInterface
  interface Fold<E> {
    List<RowChange> apply(Rows rows, E event);
  }

  /** A projection from its parts, for one written as functions rather than as a class. */
  static <E> Projection<E> of(String name, ViewSet viewSet, Function<E, Optional<String>> lane, Function<E, Set<RowRef>> reads,
      Fold<E> fold) {
    return of(name, viewSet, lane, reads, fold, event -> List.of());
  }

  /** As above, with the cross-partition steps each event asks for ({@link #work}). */
  static <E> Projection<E> of(String name, ViewSet viewSet, Function<E, Optional<String>> lane, Function<E, Set<RowRef>> reads,
      Fold<E> fold, Function<E, List<Work>> work) {
    return new Projection<>() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public ViewSet viewSet() {
        return viewSet;
      }

      @Override
      public Optional<String> lane(E event) {
        return lane.apply(event);
      }

      @Override
      public Set<RowRef> reads(E event) {
        return reads.apply(event);
      }

      @Override
      public List<RowChange> fold(Rows rows, E event) {
        return fold.apply(rows, event);
      }

      @Override
      public List<Work> work(E event) {
        return work.apply(event);
      }

      @Override
      public String toString() {
        return "Projection[" + name + "]";
      }
    };
  }
}
