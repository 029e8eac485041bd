package io.tablecast.projection.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.projection.RoutePage;
import io.tablecast.projection.RouteRequest;
import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RouteKitTest {

  private static final ViewSet.Table SHELVES = ViewSet.table("Shelves");
  /** A shelf's books whose RowKey starts with {@code ?prefix=}, a page at a time, only the fields asked for. */
  private static final ViewRoute BOOKS = ViewRoute.get("/shelves/{shelf}/books", (request, views) -> {
    String shelf = request.pathParam("shelf");
    String prefix = request.queryParam("prefix").orElse("");
    String listing = "books/" + shelf + "/" + prefix;
    Set<String> fields = request.queryParam("fields").map(f -> Set.of(f.split(","))).orElse(Set.of());
    var page = views.page(SHELVES, shelf, prefix, request.pageSize(), request.cursor(listing), fields);
    return Optional.of(new RoutePage(listing, page.rows().stream().map(row -> row.rowKey() + " " + row.properties()).toList(),
        page.cursor()));
  });

  private final RouteKit routes = RouteKit.of(List.of(BOOKS), Map.ofEntries(
      ProjectionKit.row(SHELVES, "s 1", "book_a", "Title", "A", "Pages", 10),
      ProjectionKit.row(SHELVES, "s 1", "book_b", "Title", "B", "Pages", 20),
      ProjectionKit.row(SHELVES, "s 1", "book_c", "Title", "C", "Pages", 30),
      ProjectionKit.row(SHELVES, "s 1", "map_a", "Title", "M", "Pages", 1),
      ProjectionKit.row(SHELVES, "s 2", "book_d", "Title", "D", "Pages", 40)));

  @Test
  void aRouteReadsAPartitionsRowsInRowKeyOrder_byPrefix_withTheFieldsAsked_aPageAtATime() {
    RoutePage first = (RoutePage) routes.get("/shelves/s%201/books?prefix=book_&pageSize=2&fields=Title").orElseThrow();
    assertThat(first.items()).isEqualTo(List.of("book_a {Title=A}", "book_b {Title=B}"));

    RoutePage next = (RoutePage) routes.get("/shelves/s%201/books?prefix=book_&pageSize=2&fields=Title&continuation="
        + RouteKit.continuation(first)).orElseThrow();
    assertThat(next.items()).isEqualTo(List.of("book_c {Title=C}"));
    assertThat(next.cursor()).isEmpty();
  }

  @Test
  void theRequestIsCheckedAsTheViewsServiceChecksIt() {
    RoutePage first = (RoutePage) routes.get("/shelves/s%201/books?pageSize=1").orElseThrow();

    assertThatThrownBy(() -> routes.get("/shelves/s%202/books?continuation=" + RouteKit.continuation(first)))
        .isInstanceOf(RouteRequest.BadRequest.class).hasMessage("'continuation' is not a token of this listing.");
    assertThatThrownBy(() -> routes.get("/shelves/s%201/books?pageSize=1001"))
        .isInstanceOf(RouteRequest.BadRequest.class).hasMessage("'pageSize' must be a whole number from 1 to 1000.");
    assertThatThrownBy(() -> routes.get("/shelves/s%201/maps")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("No route has the path /shelves/s%201/maps.");
  }
}
