package io.tablecast.projection;

import java.net.URL;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * What the views service needs to serve a view set's reads: its tables, the topics and aggregates
 * its consistency tokens name, its routes and where they are mounted, and the OpenAPI document
 * that describes them. Every {@link ViewSetProvider}'s view set is served by {@link
 * ViewSetProvider#reads}; a view set whose rows another process keeps names a class with a
 * public no-argument constructor in {@code META-INF/services/io.tablecast.projection.ViewSetReads}.
 */
public interface ViewSetReads {

  ViewSet viewSet();

  /** The topics whose events' positions its consistency tokens name: names without the namespace. */
  List<String> topics();

  List<ViewRoute> routes();

  /** The aggregates whose versions its consistency tokens name; none by default. */
  default List<AggregateRow> aggregates() {
    return List.of();
  }

  /**
   * Its routes at {@code <path>} rather than {@code /<view-set><path>}: for the one view set that
   * keeps an existing API's paths. At most one view set a service serves is mounted at the root.
   */
  default boolean atRoot() {
    return false;
  }

  /**
   * An OpenAPI 3 document of its routes, at the paths they are mounted at, which the service merges
   * into its own {@code /openapi.json}: its {@code paths} and its {@code components}, which may also
   * name the service's own ({@code Problem}, {@code bearerAuth}, the access responses). Usually a
   * resource of the view set's jar, {@code ViewSetReads.resource(MyViews.class, "/openapi/my-views.json")}
   * ({@link #resource}).
   * None by default: the routes are served, and left out of the service's document.
   */
  default Optional<URL> openApi() {
    return Optional.empty();
  }

  /**
   * The resource {@code path} of {@code owner}'s jar, read through its class loader.
   *
   * @throws IllegalArgumentException naming the path and the class, when the jar has no such resource
   */
  static Optional<URL> resource(Class<?> owner, String path) {
    URL url = owner.getResource(path);
    if (url == null) {
      throw new IllegalArgumentException("No resource '" + path + "' beside " + owner.getName() + " (a path from the jar's root starts"
          + " with '/')");
    }
    return Optional.of(url);
  }

  /** The reads of a view set kept by the engine's projector: its own topics and routes, under its name. */
  static ViewSetReads of(ViewSet viewSet, List<String> topics, List<ViewRoute> routes, Optional<URL> openApi) {
    record Reads(ViewSet viewSet, List<String> topics, List<ViewRoute> routes, Optional<URL> openApi) implements ViewSetReads {
      Reads {
        Objects.requireNonNull(viewSet, "'viewSet' cannot be null.");
        Objects.requireNonNull(openApi, "'openApi' cannot be null.");
        topics = List.copyOf(topics);
        routes = List.copyOf(routes);
      }
    }
    return new Reads(viewSet, topics, routes, openApi);
  }

  /**
   * Every view set {@code loader} finds to serve: each {@link ViewSetProvider}'s, then each one
   * named as a {@code ViewSetReads} service, in the order the class path lists them.
   *
   * @throws IllegalArgumentException if two have one name, or two are mounted at the root
   */
  static List<ViewSetReads> served(ClassLoader loader) {
    List<ViewSetReads> served = new ArrayList<>();
    ViewSetProvider.providers(loader).forEach(provider -> served.add(provider.reads()));
    ServiceLoader.load(ViewSetReads.class, loader).stream().map(ServiceLoader.Provider::get).forEach(served::add);
    Set<String> names = new HashSet<>();
    for (ViewSetReads reads : served) {
      if (!names.add(reads.viewSet().name())) {
        throw new IllegalArgumentException("Two view sets named '" + reads.viewSet().name() + "' are on the class path.");
      }
    }
    List<String> atRoot = served.stream().filter(ViewSetReads::atRoot).map(reads -> reads.viewSet().name()).toList();
    if (atRoot.size() > 1) {
      throw new IllegalArgumentException("View sets " + atRoot + " are all mounted at the root; one at most can be.");
    }
    return List.copyOf(served);
  }
}
