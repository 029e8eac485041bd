package io.tablecast.views.adapter.in.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.kafka.ConsistencyTokens;
import io.tablecast.projection.RouteRequest;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class ViewSetRoutesTest {

  private static final BiFunction<RouteRequest, ViewReader, Optional<?>> NOTHING = (request, views) -> Optional.empty();

  @Test
  void aViewSetNamedLikeOneOfTheServicesOwnPathsCannotMountRoutes() {
    ViewSet status = ViewSet.of("status", List.of(ViewSet.table("Rows")), List.of());
    List<ViewRoute> routes = List.of(ViewRoute.get("/{id}", (request, views) -> Optional.empty()));

    assertThatThrownBy(() -> new ViewSetRoutes.Served(status, null, routes, null, List.of("status.events")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("View set 'status' cannot mount its routes at /status: the views service answers there. Rename the view set.");
  }

  @Test
  void aViewSetMountedAtTheRootCannotTakeOneOfTheServicesOwnPaths_norAllOfThemWithAParameter() {
    ViewSet hr = ViewSet.of("hr", List.of(ViewSet.table("Rows")), List.of());
    List<ViewRoute> routes = List.of(ViewRoute.get("/employees/{id}", NOTHING), ViewRoute.get("/metrics/{id}", NOTHING));

    assertThatThrownBy(() -> new ViewSetRoutes.Served(hr, null, routes, null, List.of("hr.events"), List.of(), true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("View set 'hr' cannot mount a route at /metrics: the views service answers there.");
    assertThatThrownBy(() -> new ViewSetRoutes.Served(hr, null, List.of(ViewRoute.get("/{id}", NOTHING)), null, List.of("hr.events"),
        List.of(), true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("View set 'hr' is mounted at the root: its routes start with a fixed segment, not /{id}.");
  }

  @Test
  void aViewSetNamedLikeTheFirstSegmentOfARootMountedViewSetsRouteCannotMountRoutes() {
    ViewSet hr = ViewSet.of("hr", List.of(ViewSet.table("Rows")), List.of());
    ViewSet employees = ViewSet.of("employees", List.of(ViewSet.table("Rows")), List.of());
    ViewSetRoutes.Served atRoot =
        new ViewSetRoutes.Served(hr, null, List.of(ViewRoute.get("/employees/{id}", NOTHING)), null, List.of("hr.events"), List.of(), true);
    ViewSetRoutes.Served underItsName =
        new ViewSetRoutes.Served(employees, null, List.of(ViewRoute.get("/{id}", NOTHING)), null, List.of("employees.events"));

    assertThatThrownBy(() -> new ViewSetRoutes(List.of(atRoot, underItsName), new byte[32], ConsistencyTokens.UNSIGNED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("View sets 'hr' and 'employees' both mount routes at /employees.");
  }

  @Test
  void twoViewSetsOfOneNameCannotBothBeServed() {
    ViewSet hr = ViewSet.of("hr", List.of(ViewSet.table("Rows")), List.of());
    ViewSetRoutes.Served root = new ViewSetRoutes.Served(hr, null, List.of(), null, List.of("hr.events"), List.of(), true);
    ViewSetRoutes.Served team = new ViewSetRoutes.Served(hr, null, List.of(), null, List.of("team.events"));

    assertThatThrownBy(() -> new ViewSetRoutes(List.of(root, team), new byte[32], ConsistencyTokens.UNSIGNED))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("Two view sets are named 'hr'.");
  }

  @Test
  void aTeamsListingIsSealedUnderItsViewSetsName_aRootMountedOnesUnderItsOwn() {
    ViewSet orders = ViewSet.of("orders", List.of(ViewSet.table("Rows")), List.of());
    ViewSet hr = ViewSet.of("hr", List.of(ViewSet.table("Rows")), List.of());

    assertThat(new ViewSetRoutes.Served(orders, null, List.of(), null, List.of("orders.events")).scope("status/open"))
        .isEqualTo("orders:status/open");
    assertThat(new ViewSetRoutes.Served(hr, null, List.of(), null, List.of("hr.events"), List.of(), true).scope("employees/Sales"))
        .isEqualTo("employees/Sales");
  }
}
