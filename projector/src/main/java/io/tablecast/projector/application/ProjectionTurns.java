package io.tablecast.projector.application;

import io.tablecast.projection.Projection;
import java.util.List;

/** Port: one lane's events, in their order, through a turn of a projection written on the projection API. */
@FunctionalInterface
public interface ProjectionTurns {

  <E> void apply(Projection<E> projection, List<E> events);
}
