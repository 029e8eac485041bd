package io.tablecast.projection.testing;

import io.tablecast.projection.RoutePage;
import io.tablecast.projection.RouteRequest;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs a view set's {@link ViewRoute}s in memory, at their paths below the view set's name, with
 * no HTTP server and no storage: over rows as {@link ProjectionKit} leaves them, read as the views
 * service reads them (RowKey order, prefixes, {@code fields}, pages with a cursor), with the
 * request's parameters checked as the service checks them.
 *
 * <pre>{@code
 * RouteKit routes = RouteKit.of(new OrderViews().routes(), ProjectionKit.of(customerOrders).given(placed("o1", "c1", 500)).rows());
 * assertThat(routes.get("/customers/c1?status=placed")).isPresent();
 * }</pre>
 *
 * <p>A route's {@link RouteRequest#bad} and {@link RouteRequest#notFound} reach the caller as
 * thrown; a {@link RoutePage}'s next page is asked for with {@link #continuation}.
 */
public final class RouteKit {

  private final List<ViewRoute> routes;
  private final ViewReader reader;

  private RouteKit(List<ViewRoute> routes, ViewReader reader) {
    this.routes = List.copyOf(routes);
    this.reader = reader;
  }

  /** The routes, over these rows. */
  public static RouteKit of(List<ViewRoute> routes, Map<RowRef, Map<String, Object>> rows) {
    return new RouteKit(routes, new MapReader(Map.copyOf(rows)));
  }

  /**
   * The answer of {@code GET <path>?<query>}: a body, a {@link RoutePage}, or empty for a 404.
   *
   * @throws IllegalArgumentException when no route has that path
   */
  public Optional<?> get(String pathAndQuery) {
    String[] parts = pathAndQuery.split("\\?", 2);
    Map<String, String> query = parts.length < 2 ? Map.of() : decode(parts[1]);
    for (ViewRoute route : routes) {
      Optional<Map<String, String>> params = match(route.path(), parts[0]);
      if (params.isPresent()) {
        return route.answer().apply(new Request(params.get(), query), reader);
      }
    }
    throw new IllegalArgumentException("No route has the path " + parts[0] + ".");
  }

  /** The {@code continuation} that asks for the page after {@code page}, encoded for a query. */
  public static String continuation(RoutePage page) {
    String cursor = page.cursor().orElseThrow(() -> new IllegalArgumentException("The last page has no next page."));
    return URLEncoder.encode(page.listing() + "\n" + cursor, StandardCharsets.UTF_8);
  }

  private static Optional<Map<String, String>> match(String template, String path) {
    String[] want = template.substring(1).split("/");
    String[] have = path.substring(1).split("/");
    if (want.length != have.length) {
      return Optional.empty();
    }
    Map<String, String> params = new HashMap<>();
    for (int i = 0; i < want.length; i++) {
      String value = URLDecoder.decode(have[i], StandardCharsets.UTF_8);
      if (want[i].startsWith("{")) {
        params.put(want[i].substring(1, want[i].length() - 1), value);
      } else if (!want[i].equals(value)) {
        return Optional.empty();
      }
    }
    return Optional.of(params);
  }

  private static Map<String, String> decode(String query) {
    Map<String, String> params = new HashMap<>();
    for (String pair : query.split("&")) {
      String[] nameValue = pair.split("=", 2);
      params.put(URLDecoder.decode(nameValue[0], StandardCharsets.UTF_8),
          nameValue.length < 2 ? "" : URLDecoder.decode(nameValue[1], StandardCharsets.UTF_8));
    }
    return params;
  }

  private record Request(Map<String, String> path, Map<String, String> query) implements RouteRequest {
    @Override
    public String pathParam(String name) {
      return path.get(name);
    }

    @Override
    public Optional<String> queryParam(String name) {
      return Optional.ofNullable(query.get(name));
    }

    @Override
    public Optional<String> cursor(String listing) {
      return queryParam("continuation").map(token -> {
        String[] sealed = token.split("\n", 2);
        if (sealed.length < 2 || !sealed[0].equals(listing)) {
          throw RouteRequest.bad("'continuation' is not a token of this listing.");
        }
        return sealed[1];
      });
    }
  }

  /** Rows in a map, read as the table service reads them. */
  private record MapReader(Map<RowRef, Map<String, Object>> rows) implements ViewReader {
    @Override
    public Optional<Map<String, Object>> row(RowRef ref, Set<String> fields) {
      return Optional.ofNullable(rows.get(ref)).map(row -> only(row, fields));
    }

    @Override
    public RowPage page(ViewSet.Table table, String partitionKey, String rowKeyPrefix, int size, Optional<String> cursor,
        Set<String> fields) {
      List<RowRef> refs = rows.keySet().stream()
          .filter(ref -> ref.table().equals(table) && ref.partitionKey().equals(partitionKey) && ref.rowKey().startsWith(rowKeyPrefix))
          .filter(ref -> cursor.isEmpty() || ref.rowKey().compareTo(cursor.get()) >= 0)
          .sorted(Comparator.comparing(RowRef::rowKey))
          .toList();
      List<Row> page = refs.stream().limit(size).map(ref -> new Row(ref.rowKey(), only(rows.get(ref), fields))).toList();
      return new RowPage(page, refs.size() > size ? Optional.of(refs.get(size).rowKey()) : Optional.empty());
    }

    private static Map<String, Object> only(Map<String, Object> row, Set<String> fields) {
      return fields.isEmpty() ? row : row.entrySet().stream().filter(e -> fields.contains(e.getKey()))
          .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }
  }
}
