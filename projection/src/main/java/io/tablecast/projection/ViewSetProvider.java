package io.tablecast.projection;

import java.net.URL;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * How the engine finds a team's view set: a class with a public no-argument constructor, named in
 * {@code META-INF/services/io.tablecast.projection.ViewSetProvider} of the team's jar. The
 * projector keeps every view set it finds on its class path, each in generations of its own;
 * {@code rebuild}, {@code verify} and {@code /status} take them by name.
 */
public interface ViewSetProvider {

  ProjectedViewSet<?> projectedViewSet();

  /** The read routes the views service mounts for the view set, at {@code /<view-set><path>}; none by default. */
  default List<ViewRoute> routes() {
    return List.of();
  }

  /**
   * An OpenAPI 3 document of the {@link #routes}, for the views service's ({@link ViewSetReads#openApi}); none by default.
   * A resource of the view set's jar: {@code return ViewSetReads.resource(MyViews.class, "/openapi/my-views.json");}
   */
  default Optional<URL> openApi() {
    return Optional.empty();
  }

  /** What the views service serves of the view set: its topics, {@link #routes} under its name, and {@link #openApi}. */
  default ViewSetReads reads() {
    ProjectedViewSet<?> projected = projectedViewSet();
    return ViewSetReads.of(projected.viewSet(), projected.topics(), routes(), openApi());
  }

  /** Every provider {@code loader} finds, in the order its class path lists them. */
  static List<ViewSetProvider> providers(ClassLoader loader) {
    return ServiceLoader.load(ViewSetProvider.class, loader).stream().map(ServiceLoader.Provider::get).toList();
  }

  /** Every view set whose provider {@code loader} finds, in the order its class path lists them. */
  static List<ProjectedViewSet<?>> found(ClassLoader loader) {
    return providers(loader).stream().<ProjectedViewSet<?>>map(ViewSetProvider::projectedViewSet).toList();
  }

  /**
   * The view set of that name that {@code loader} finds.
   *
   * @throws IllegalArgumentException naming the view sets there are, when none has that name
   */
  static ProjectedViewSet<?> named(String name, ClassLoader loader) {
    List<ProjectedViewSet<?>> found = found(loader);
    return found.stream().filter(views -> views.viewSet().name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("No view set '" + name + "' on the class path or in TABLECAST_VIEW_SETS_DIR; there are "
            + found.stream().map(views -> views.viewSet().name()).toList()));
  }
}
