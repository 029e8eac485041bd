package io.tablecast.projection;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A cross-partition step (SPEC §4): work that a projection asks for ({@link Projection#work}) and
 * that the engine carries on the step's queue, apart from the event's own turn, because it writes
 * rows of other partitions.
 *
 * <p>A step is a reconciler: it declares the rows it needs ({@link #reads}), the truth and the
 * rows it keeps, and its fold computes their desired state from what it read. The engine reads
 * those rows, folds, and writes each changed row guarded by the ETag it read ({@code If-Match}),
 * reading again after a lost race, exactly as it runs a projection's {@link Turn}. So a step run
 * twice, late, or after a newer one changes nothing the truth does not call for, which is what
 * lets the engine queue, batch, retry, park and queue again after a crash without counting.
 *
 * <p>The items that travel in one message run in one turn ({@link #turn}): each is folded, in
 * their order, over the rows they declared, read once for all of them, and each partition's rows
 * are written once for all of them, in one EGT. Folding a reconciler after another leaves what
 * running them one after the other would, so a step need not know whether its items came alone.
 *
 * @param <W> the work items, each named by the text {@link #encode} gives it
 */
public interface WorkStep<W> extends Projection<W> {

  /** The queue the items travel on: one of the view set's, used by this step alone. */
  ViewSet.Queue queue();

  /** The item as the text it travels as; items with the same text are the same work. */
  String encode(W item);

  /** @throws RuntimeException for a text that is not an item: the engine parks its message */
  W decode(String text);

  /**
   * Why {@code item} cannot run yet, given the rows it declared ({@link #reads}, and {@link
   * #readsAfter}) as read, or as the turn's earlier items left them: the truth it reconciles from
   * is absent, or older than the item. That happens when the store lost writes that the queue kept
   * (a storage account restored from a backup, or failed over behind), until the projector applies
   * those events again. The item is then set aside, the others of its turn are written, and the
   * engine keeps it on its queue and tries again with backoff. While the projector of its
   * generation has not passed the event that asked for it, it is never parked for this; once it
   * has, the truth is final, and an item that still waits has failed for good: it is parked after
   * its attempts, with this reason, where {@code tablecast poison requeue} sends it back.
   *
   * <p>Empty by default: an item runs over whatever it finds.
   */
  default Optional<String> notYet(W item, Rows rows) {
    return Optional.empty();
  }

  /**
   * The row where an item's turns record what the item keeps in other partitions, when those rows
   * lie under keys that only the previous state knows: the entry of an old address, which a change
   * of address must delete. Empty by default: a step whose rows its item and truth name (as {@code
   * orders-by-status} reads every status's partition) needs none.
   *
   * <p>The row must be one the item declares ({@link #reads}); the fold reads it, names the rows it
   * records to read after it ({@link #readsAfter}), and puts its <em>intent</em>: the rows it is
   * about to keep, and those that may still hold something of the item but must not. When the turn
   * writes other partitions too, the engine writes the intent first, under a lease of the item
   * that other turns wait out, then the other partitions, then the row as {@link #settled} gives
   * it. A turn cut short after the intent leaves it, and the next turn of the item reads it and
   * removes what the last one may have written (the design guide's archive flow).
   * Rows the item itself declares need no intent: a turn that writes only those, and the row, writes
   * the row last, and runs again until it is done.
   */
  default Optional<RowRef> intentRow(W item) {
    return Optional.empty();
  }

  /**
   * The intent row once every other partition of its turn is written ({@link #intentRow}): what the
   * item keeps, without what it was about to remove. Empty deletes the row. The intent as it is by
   * default.
   */
  default Optional<Map<String, Object>> settled(W item, Map<String, Object> intent) {
    return Optional.of(intent);
  }

  /**
   * Rows as the item carries them, from the event that asked for it: the truth it reconciles from,
   * as it was then, so that the first attempt at it need not read that truth. On the first delivery
   * of the item's message only (one that failed, or reappeared after a worker died, reads
   * everything), the engine takes them as read, and the item's intent row ({@link #intentRow}, which
   * an item that carries rows must have) as absent: the row is then written by an insert, which
   * fails if a turn of the item, or of a later one, wrote it first, and the turn is read whole. So
   * a carried truth older than what a later item already filed is never what is left. A step must
   * never write a row it carries. None by default.
   */
  default Map<RowRef, Map<String, Object>> carried(W item) {
    return Map.of();
  }

  /**
   * Of the rows an item declared, those that the first attempt of an item that carries rows ({@link
   * #carried}) takes for absent without reading them: rows it creates, as the entry of a new
   * address. The turn must insert each one it looks at, which fails if the row exists after all, and
   * the turn is then read whole; a turn that would leave one unwritten is read whole at once. None
   * by default: a step mostly reconciles rows that exist.
   */
  @Override
  default Set<RowRef> assumedAbsent(W item) {
    return Set.of();
  }

  /**
   * Whether the view set's steps are the only writers of {@code row}, so that a process may take
   * it as it last wrote it without reading it: an index entry that only a step files. The writes
   * of a turn check such a row all the same (on the ETag written), so this only saves reads: a
   * row a projection writes too (a summary the projector counts into) is better read, since what
   * the process wrote is stale whenever the projection wrote since, and a stale row costs a lost
   * race. Every row by default.
   */
  default boolean keptAlone(RowRef row) {
    return true;
  }

  /** Each item is its own lane: items of one batch run side by side. */
  @Override
  default Optional<String> lane(W item) {
    return Optional.of(encode(item));
  }

  /**
   * The items of one message in one turn (above), in their order.
   *
   * @throws RuntimeException if an item is not one of this step's texts
   */
  default Turn<W> turn(List<String> items) {
    return new Turn<>(this, items.stream().map(this::decode).toList());
  }

  /** This step, asked to run for {@code item}. */
  default Work askFor(W item) {
    return new Work(this, encode(item));
  }
}
