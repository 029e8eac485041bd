package io.tablecast.views.adapter.in.http;

import static io.javalin.apibuilder.ApiBuilder.get;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.common.kafka.ConsistencyTokens;
import io.tablecast.projection.AggregateRow;
import io.tablecast.projection.RoutePage;
import io.tablecast.projection.RouteRequest;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import io.tablecast.views.application.ReadYourWrites;
import io.tablecast.views.domain.Page;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The view sets' reads, behind the service's authentication, limits, {@code X-Consistency-Token}
 * and problem+json like every other route:
 *
 * <ul>
 *   <li>their rows as stored: a point read ({@code /view-sets/{viewSet}/{table}/{partitionKey}/{rowKey}})
 *       and a partition's rows in RowKey order, page by page, all of them or those whose RowKey
 *       starts with {@code prefix} ({@code /view-sets/{viewSet}/{table}/{partitionKey}}); both take
 *       {@code fields=}. A view set, table or row that does not exist is a 404; a bad parameter a 400;
 *   <li>the routes each view set declares ({@link ViewRoute}), at {@code /<view-set><path>}, or at
 *       {@code <path>} for a view set mounted at the root (one that keeps an existing API's paths):
 *       an empty answer or a {@link RouteRequest.NotFound} is a 404, a {@link RouteRequest.BadRequest}
 *       a 400, a {@link RoutePage} a page whose cursor the service seals for its listing.
 * </ul>
 *
 * <p>A consistency token names an event on one of the view set's topics, or the version of one of
 * the aggregates it declares; the read waits until the view set's active generation has applied it.
 */
public final class ViewSetRoutes implements EndpointGroup {

  /** A property name as the table service allows one, and as many as a {@code $select} should carry. */
  private static final Pattern PROPERTY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,254}");
  private static final int MAX_FIELDS = 64;
  /** The first path segments the service answers itself: no view set mounts routes there. */
  static final Set<String> TAKEN = Set.of("status", "health", "metrics", "openapi", "view-sets", "assets");

  /**
   * A view set served here.
   *
   * @param reader how its rows are read
   * @param reads how far its active generation is, for {@code X-Consistency-Token}
   * @param topics its topics' names, as the tokens name them
   * @param aggregates the aggregates whose versions it keeps, as the tokens name them
   * @param atRoot its routes at {@code <path>} rather than {@code /<view-set><path>}
   */
  public record Served(ViewSet viewSet, ViewReader reader, List<ViewRoute> routes, ReadYourWrites reads, List<String> topics,
      List<AggregateRow> aggregates, boolean atRoot) {

    /** A team's view set, its routes under its name, its tokens events' positions. */
    public Served(ViewSet viewSet, ViewReader reader, List<ViewRoute> routes, ReadYourWrites reads, List<String> topics) {
      this(viewSet, reader, routes, reads, topics, List.of(), false);
    }

    public Served {
      routes = List.copyOf(routes);
      topics = List.copyOf(topics);
      aggregates = List.copyOf(aggregates);
      if (!atRoot && !routes.isEmpty() && TAKEN.contains(viewSet.name())) {
        throw new IllegalArgumentException("View set '" + viewSet.name() + "' cannot mount its routes at /" + viewSet.name()
            + ": the views service answers there. Rename the view set.");
      }
      if (atRoot) {
        for (String first : firstSegments(routes)) {
          if (TAKEN.contains(first)) {
            throw new IllegalArgumentException("View set '" + viewSet.name() + "' cannot mount a route at /" + first
                + ": the views service answers there.");
          }
          if (first.startsWith("{")) {
            throw new IllegalArgumentException("View set '" + viewSet.name() + "' is mounted at the root: its routes start with a"
                + " fixed segment, not /" + first + ".");
          }
        }
      }
    }

    /** The first path segments its routes take: its name, or each route's first segment at the root. */
    Set<String> taken() {
      return atRoot ? firstSegments(routes) : routes.isEmpty() ? Set.of() : Set.of(viewSet.name());
    }

    /**
     * What a listing of its routes is sealed under: its name first, so that no view set's token
     * opens another's listing; a root-mounted view set's listings under their own names, as the
     * service sealed them before, so that a token stays good across an upgrade.
     */
    String scope(String listing) {
      return atRoot ? listing : viewSet.name() + ":" + listing;
    }

    String path(ViewRoute route) {
      return atRoot ? route.path() : "/" + viewSet.name() + route.path();
    }

    private static Set<String> firstSegments(List<ViewRoute> routes) {
      return routes.stream().map(route -> route.path().substring(1).split("/", 2)[0]).collect(Collectors.toSet());
    }
  }

  private record Mounted(Served views, ConsistencyGate gate) {}

  private final Map<String, Mounted> served = new LinkedHashMap<>();
  private final QueryParams params;

  /** @param consistencyTokens which {@code X-Consistency-Token}s are taken ({@link ConsistencyGate}) */
  public ViewSetRoutes(List<Served> viewSets, byte[] tokenKey, ConsistencyTokens consistencyTokens) {
    Map<String, String> owners = new HashMap<>();
    for (Served views : viewSets) {
      if (served.containsKey(views.viewSet().name())) {
        throw new IllegalArgumentException("Two view sets are named '" + views.viewSet().name() + "'.");
      }
      for (String segment : views.taken()) {
        String owner = owners.putIfAbsent(segment, views.viewSet().name());
        if (owner != null) {
          throw new IllegalArgumentException("View sets '" + owner + "' and '" + views.viewSet().name() + "' both mount routes at /"
              + segment + ".");
        }
      }
      served.put(views.viewSet().name(), new Mounted(views, new ConsistencyGate(views, consistencyTokens)));
    }
    this.params = new QueryParams(new ContinuationTokens(tokenKey));
  }

  /** A row of a page, or of a point read: its keys, then its properties. */
  record RowBody(String partitionKey, String rowKey, Map<String, Object> properties) {}

  @Override
  public void addEndpoints() {
    get("/view-sets/{viewSet}/{table}/{partitionKey}", this::page);
    get("/view-sets/{viewSet}/{table}/{partitionKey}/{rowKey}", this::row);
    served.values().forEach(mounted -> mounted.views().routes().forEach(route ->
        get(mounted.views().path(route), mounted.gate().gated(ctx -> answer(mounted.views(), route, ctx)))));
  }

  private void answer(Served views, ViewRoute route, Context ctx) {
    Optional<?> answer;
    try {
      answer = route.answer().apply(new ContextRequest(ctx, views, params), views.reader());
    } catch (RouteRequest.BadRequest e) {
      throw new ProblemException(ProblemType.BAD_REQUEST, e.getMessage());
    } catch (RouteRequest.NotFound e) {
      throw new ProblemException(ProblemType.NOT_FOUND, e.getMessage());
    }
    Object body = answer.orElseThrow(() -> new ProblemException(ProblemType.NOT_FOUND,
        "Nothing at " + ctx.path() + " in view set " + views.viewSet().name() + "."));
    if (body instanceof RoutePage page) {
      ctx.json(Responses.list(new Page<>(page.items(), page.cursor()), views.scope(page.listing()), params));
      return;
    }
    ctx.json(body);
  }

  /** A route's request, over Javalin's. */
  private record ContextRequest(Context ctx, Served views, QueryParams params) implements RouteRequest {
    @Override
    public String pathParam(String name) {
      return ctx.pathParam(name);
    }

    @Override
    public Optional<String> queryParam(String name) {
      return Optional.ofNullable(ctx.queryParam(name));
    }

    @Override
    public Optional<String> cursor(String listing) {
      return params.continuation(ctx, views.scope(listing));
    }
  }

  private void row(Context ctx) {
    Served views = served(ctx);
    RowRef ref = new RowRef(table(views.viewSet(), ctx), ctx.pathParam("partitionKey"), ctx.pathParam("rowKey"));
    Map<String, Object> row = views.reader().row(ref, fields(ctx)).orElseThrow(() -> new ProblemException(ProblemType.NOT_FOUND,
        "No row " + ref + " in view set " + views.viewSet().name() + "."));
    ctx.json(new RowBody(ref.partitionKey(), ref.rowKey(), row));
  }

  private void page(Context ctx) {
    Served views = served(ctx);
    ViewSet.Table table = table(views.viewSet(), ctx);
    String partitionKey = ctx.pathParam("partitionKey");
    String prefix = Optional.ofNullable(ctx.queryParam("prefix")).map(p -> params.text(p, "prefix", 255)).orElse("");
    String scope = "view-sets/" + views.viewSet().name() + "/" + table.baseName() + "/" + partitionKey + "/" + prefix;
    ViewReader.RowPage page = views.reader().page(table, partitionKey, prefix, params.pageSize(ctx), params.continuation(ctx, scope),
        fields(ctx));
    List<RowBody> rows = page.rows().stream().map(row -> new RowBody(partitionKey, row.rowKey(), row.properties())).toList();
    ctx.json(Responses.list(new Page<>(rows, page.cursor()), scope, params));
  }

  /** The path's view set, once the request's consistency token, if any, is applied there. */
  private Served served(Context ctx) {
    String name = ctx.pathParam("viewSet");
    Mounted mounted = served.get(name);
    if (mounted == null) {
      throw new ProblemException(ProblemType.NOT_FOUND, "No view set '" + name + "' here; there are " + served.keySet().stream().sorted()
          .toList() + ".");
    }
    mounted.gate().await(ctx);
    return mounted.views();
  }

  private static ViewSet.Table table(ViewSet viewSet, Context ctx) {
    String name = ctx.pathParam("table");
    return viewSet.tables().stream().filter(t -> t.baseName().equals(name)).findFirst()
        .orElseThrow(() -> new ProblemException(ProblemType.NOT_FOUND, "View set " + viewSet.name() + " has no table '" + name
            + "'; it has " + viewSet.tables().stream().map(ViewSet.Table::baseName).toList() + "."));
  }

  /** {@code fields=a,b}: only those properties; every one when absent. */
  private Set<String> fields(Context ctx) {
    String text = ctx.queryParam("fields");
    if (text == null) {
      return Set.of();
    }
    Set<String> fields = new LinkedHashSet<>();
    for (String name : text.split(",", -1)) {
      if (!PROPERTY.matcher(name.strip()).matches()) {
        throw params.bad("'fields' names no property: '" + name.strip() + "'.");
      }
      fields.add(name.strip());
    }
    if (fields.size() > MAX_FIELDS) {
      throw params.bad("'fields' names " + fields.size() + " properties; at most " + MAX_FIELDS + ".");
    }
    return fields;
  }
}
