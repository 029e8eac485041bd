package io.tablecast.projection;

import java.util.List;
import java.util.Objects;

/**
 * Everything the engine needs to keep a view set from the log: the view set, the topics its
 * events are read from, how their records decode, its projections, applied to each batch in this
 * order, and the cross-partition steps they ask for, each on a queue of its own.
 *
 * @param topics topic names without the namespace ({@code orders.events})
 * @param <E> the events
 */
public record ProjectedViewSet<E>(ViewSet viewSet, List<String> topics, EventDecoder<E> decoder, List<Projection<E>> projections,
    List<WorkStep<?>> steps) {

  /** A view set kept by its projections alone, with no cross-partition step. */
  public ProjectedViewSet(ViewSet viewSet, List<String> topics, EventDecoder<E> decoder, List<Projection<E>> projections) {
    this(viewSet, topics, decoder, projections, List.of());
  }

  public ProjectedViewSet {
    Objects.requireNonNull(viewSet, "'viewSet' cannot be null.");
    Objects.requireNonNull(decoder, "'decoder' cannot be null.");
    topics = List.copyOf(topics);
    projections = List.copyOf(projections);
    steps = List.copyOf(steps);
    if (topics.isEmpty()) {
      throw new IllegalArgumentException("View set '" + viewSet.name() + "' reads no topic.");
    }
    if (projections.isEmpty()) {
      throw new IllegalArgumentException("View set '" + viewSet.name() + "' has no projection.");
    }
    if (projections.stream().map(Projection::name).distinct().count() != projections.size()) {
      throw new IllegalArgumentException("View set '" + viewSet.name() + "' has two projections of one name: "
          + projections.stream().map(Projection::name).toList());
    }
    for (Projection<E> projection : projections) {
      if (!projection.viewSet().equals(viewSet)) {
        throw new IllegalArgumentException("Projection '" + projection.name() + "' writes view set '" + projection.viewSet().name()
            + "', not '" + viewSet.name() + "'.");
      }
    }
    for (WorkStep<?> step : steps) {
      if (!step.viewSet().equals(viewSet) || !viewSet.queues().contains(step.queue())) {
        throw new IllegalArgumentException("Step '" + step.name() + "' runs on queue '" + step.queue().baseName() + "', which view set '"
            + viewSet.name() + "' does not declare.");
      }
    }
    if (steps.stream().map(WorkStep::queue).distinct().count() != steps.size()) {
      throw new IllegalArgumentException("View set '" + viewSet.name() + "' has two steps on one queue: "
          + steps.stream().map(WorkStep::name).toList());
    }
  }
}
