package io.tablecast.views.adapter.in.http;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ViewSetRoutesTest {

  @Test
  void aViewSetNamedLikeOneOfTheServicesOwnPathsCannotMountRoutes() {
    ViewSet status = ViewSet.of("status", List.of(ViewSet.table("Rows")), List.of());
    List<ViewRoute> routes = List.of(ViewRoute.get("/{id}", (request, views) -> Optional.empty()));

    assertThatThrownBy(() -> new ViewSetRoutes.Served(status, null, routes, null, List.of("status.events")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("View set 'status' cannot mount its routes at /status: the views service answers there. Rename the view set.");
  }
}
