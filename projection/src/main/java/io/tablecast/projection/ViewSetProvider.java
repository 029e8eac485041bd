package io.tablecast.projection;

/**
 * How the engine finds a team's view set: a class with a public no-argument constructor, named in
 * {@code META-INF/services/io.tablecast.projection.ViewSetProvider} of the team's jar. The
 * projector keeps every view set it finds on its class path, each in generations of its own;
 * {@code rebuild}, {@code verify} and {@code /status} take them by name.
 */
public interface ViewSetProvider {

  ProjectedViewSet<?> projectedViewSet();
}
