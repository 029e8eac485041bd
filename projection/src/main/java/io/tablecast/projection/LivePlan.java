package io.tablecast.projection;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * How a live projector that keeps several batches in flight runs a view set's projections: in
 * stages. Each batch goes through the stages in order; a batch's stage starts once its stage
 * before is written and the batch before it has started this stage, so that every lane sees its
 * events in log order, and the next batch's first stage runs while this one's later stages are
 * written. The projections of one stage share lanes: each gives an event the same lane, or none,
 * and a lane's turn runs them one after the other.
 *
 * @param stages the stages, in order, each of at least one projection
 * @param remembered per projection, how many of the rows its turns wrote the projector keeps with
 *     their ETags, so that the next event of such a row is a conditional write with no read; a
 *     projection not named keeps none
 * @param work the cross-partition work a batch asks for, each item with the event that asked for it
 * @param redelivery which projections skip an event that an earlier owner of its partition may
 *     have applied in part before it stopped
 * @param unfinished the work the tables show unfinished after the store lost writes
 * @param movesRows the events whose work moves rows to other partitions, which a redelivered
 *     earlier event could undo: a batch holding one is named in flight in the checkpoints before
 *     its work is queued, so that a next owner of its partitions treats its events as uncertain
 *     ({@code redelivery}); other batches' work goes at once
 * @param <E> the view set's events
 */
public record LivePlan<E>(List<List<Projection<E>>> stages, Map<Projection<E>, Integer> remembered,
    Function<List<E>, Map<Work, E>> work, Redelivery<E> redelivery, UnfinishedWork unfinished, Predicate<E> movesRows) {

  public LivePlan {
    stages = stages.stream().map(List::copyOf).toList();
    remembered = Map.copyOf(remembered);
    Objects.requireNonNull(work, "'work' cannot be null.");
    Objects.requireNonNull(redelivery, "'redelivery' cannot be null.");
    Objects.requireNonNull(unfinished, "'unfinished' cannot be null.");
    Objects.requireNonNull(movesRows, "'movesRows' cannot be null.");
    if (stages.isEmpty() || stages.stream().anyMatch(List::isEmpty)) {
      throw new IllegalArgumentException("A live plan has at least one stage, each of at least one projection: " + stages);
    }
  }

  /**
   * For an event that an earlier owner of its partition may have applied in part. Folds are
   * idempotent, so most projections take such an event again; one whose rows a step may since have
   * moved elsewhere must not recreate them where the event put them first.
   */
  @FunctionalInterface
  public interface Redelivery<E> {

    /** Every projection takes every event again. */
    static <E> Redelivery<E> none() {
      return (projection, event, rows) -> false;
    }

    /**
     * Whether {@code projection} skips {@code event}.
     *
     * @param rows point reads of the view set's rows, as stored now
     */
    boolean skips(Projection<E> projection, E event, Rows rows);
  }
}
