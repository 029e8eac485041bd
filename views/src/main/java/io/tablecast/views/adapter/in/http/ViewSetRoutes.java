package io.tablecast.views.adapter.in.http;

import static io.javalin.apibuilder.ApiBuilder.get;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.ViewSet;
import io.tablecast.views.domain.Page;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rows of the teams' view sets, read-only, behind the service's authentication, limits and
 * problem+json like every other route: a point read ({@code
 * /view-sets/{viewSet}/{table}/{partitionKey}/{rowKey}}) and a partition's rows in RowKey order,
 * page by page, all of them or those whose RowKey starts with {@code prefix} ({@code
 * /view-sets/{viewSet}/{table}/{partitionKey}}); both take {@code fields=}. A view set, table or row
 * that does not exist is a 404; a bad parameter a 400.
 */
public final class ViewSetRoutes implements EndpointGroup {

  /** A property name as the table service allows one, and as many as a {@code $select} should carry. */
  private static final Pattern PROPERTY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,254}");
  private static final int MAX_FIELDS = 64;

  /** A view set served here, and how its rows are read. */
  private record Served(ViewSet viewSet, ViewReader reader) {}

  private final Map<String, Served> served = new HashMap<>();
  private final QueryParams params;

  /** @param readers each view set's reader, with the view set it reads */
  public ViewSetRoutes(Map<ViewSet, ? extends ViewReader> readers, byte[] tokenKey) {
    readers.forEach((viewSet, reader) -> served.put(viewSet.name(), new Served(viewSet, reader)));
    this.params = new QueryParams(new ContinuationTokens(tokenKey));
  }

  /** A row of a page, or of a point read: its keys, then its properties. */
  record RowBody(String partitionKey, String rowKey, Map<String, Object> properties) {}

  @Override
  public void addEndpoints() {
    get("/view-sets/{viewSet}/{table}/{partitionKey}", this::page);
    get("/view-sets/{viewSet}/{table}/{partitionKey}/{rowKey}", this::row);
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

  private Served served(Context ctx) {
    String name = ctx.pathParam("viewSet");
    Served views = served.get(name);
    if (views == null) {
      throw new ProblemException(ProblemType.NOT_FOUND, "No view set '" + name + "' here; there are " + served.keySet().stream().sorted()
          .toList() + ".");
    }
    return views;
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
