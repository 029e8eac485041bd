package io.tablecast.projection;

import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * A read route of a view set, shaped for the team's clients, which the views service mounts at
 * {@code /<view-set><path>} (at {@code <path>} for a view set mounted at the root, as HR's is)
 * behind its authentication, limits, {@code X-Consistency-Token} and problem+json answers. The
 * answer is a function of the request and the view set's rows ({@link ViewReader}); the service
 * writes it as JSON.
 *
 * <pre>{@code
 * ViewRoute.get("/customers/{customerId}", (request, views) ->
 *     views.row(new RowRef(CUSTOMERS, request.pathParam("customerId"), "summary"), Set.of()));
 * }</pre>
 *
 * @param path below the view set's name: {@code /} and segments of letters, digits, {@code -} and
 *     {@code _}, or {@code {name}} for a path parameter
 * @param answer the body, or a {@link RoutePage} of a listing; empty for a 404. Bad input: throw {@link
 *     RouteRequest#bad}; a 404 that says why: {@link RouteRequest#notFound}
 */
public record ViewRoute(String path, BiFunction<RouteRequest, ViewReader, Optional<?>> answer) {

  private static final Pattern PATH = Pattern.compile("(/([A-Za-z0-9_-]+|\\{[A-Za-z][A-Za-z0-9]*}))+");

  public ViewRoute {
    if (path == null || !PATH.matcher(path).matches()) {
      throw new IllegalArgumentException("A route's path is /segment or /{parameter}, one or more, was '" + path + "'.");
    }
    Objects.requireNonNull(answer, "'answer' cannot be null.");
  }

  /** A {@code GET} route. */
  public static ViewRoute get(String path, BiFunction<RouteRequest, ViewReader, Optional<?>> answer) {
    return new ViewRoute(path, answer);
  }
}
