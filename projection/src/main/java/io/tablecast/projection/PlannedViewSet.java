package io.tablecast.projection;

import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * A view set that the engine's pipelined projector keeps with its own plan, and that {@code
 * verify} and a rebuild fold with its own audit: the view set of the SPEC's contract, whose
 * consumer group, checkpoints and catalog row keep their original names ({@code
 * tablecast-projector-g<N>}, {@code G<N>}, {@code catalog}/{@code active}). Found on the class
 * path through a {@link Provider}; other view sets run on the engine's general projector ({@link
 * ViewSetProvider}).
 *
 * @param views the view set, its topics, decoder, projections and steps
 * @param live how the live projector runs its projections
 * @param audit how {@code verify} and a rebuild fold its whole log
 * @param <E> the view set's events
 */
public record PlannedViewSet<E>(ProjectedViewSet<E> views, LivePlan<E> live, LogAudit<E> audit) {

  public PlannedViewSet {
    Objects.requireNonNull(views, "'views' cannot be null.");
    Objects.requireNonNull(live, "'live' cannot be null.");
    Objects.requireNonNull(audit, "'audit' cannot be null.");
  }

  /** Names the planned view set of a jar, in {@code META-INF/services/io.tablecast.projection.PlannedViewSet$Provider}. */
  public interface Provider {
    PlannedViewSet<?> plannedViewSet();
  }

  /**
   * The one planned view set {@code loader} finds.
   *
   * @throws IllegalStateException when it finds none, or more than one
   */
  public static PlannedViewSet<?> found(ClassLoader loader) {
    List<PlannedViewSet<?>> found = ServiceLoader.load(Provider.class, loader).stream()
        .<PlannedViewSet<?>>map(provider -> provider.get().plannedViewSet()).toList();
    if (found.size() != 1) {
      throw new IllegalStateException("Expected one planned view set on the class path, found " + found.size() + ": "
          + found.stream().map(planned -> planned.views().viewSet().name()).toList());
    }
    return found.get(0);
  }

  /** The one planned view set on the engine's own class path. */
  public static PlannedViewSet<?> found() {
    return found(PlannedViewSet.class.getClassLoader());
  }
}
