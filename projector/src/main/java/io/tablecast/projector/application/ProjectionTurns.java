package io.tablecast.projector.application;

import io.tablecast.projection.Projection;
import io.tablecast.projection.Turn.Write;
import java.util.List;

/** Port: one lane's events, in their order, through a turn of a projection written on the projection API. */
@FunctionalInterface
public interface ProjectionTurns {

  /** @return the writes made, one per row changed */
  <E> List<Write> apply(Projection<E> projection, List<E> events);
}
