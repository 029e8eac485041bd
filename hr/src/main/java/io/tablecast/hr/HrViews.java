package io.tablecast.hr;

import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.queries.HrQueries;
import io.tablecast.hr.tables.HrAggregates;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.projection.AggregateRow;
import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.ViewSetReads;
import java.net.URL;
import java.util.List;
import java.util.Optional;

/**
 * HR's reads as the views service finds them on its class path: SPEC §5's routes, at the root,
 * described by {@code openapi/hr-views.json}; consistency tokens name the positions of HR's events
 * or the versions of its aggregates (SPEC §6).
 */
public final class HrViews implements ViewSetReads {

  @Override
  public ViewSet viewSet() {
    return HrViewSet.HR;
  }

  @Override
  public List<String> topics() {
    return EventTopicNames.ALL;
  }

  @Override
  public List<ViewRoute> routes() {
    return HrQueries.ROUTES;
  }

  @Override
  public List<AggregateRow> aggregates() {
    return HrAggregates.ALL;
  }

  @Override
  public boolean atRoot() {
    return true;
  }

  @Override
  public Optional<URL> openApi() {
    return ViewSetReads.resource(HrViews.class, "/openapi/hr-views.json");
  }
}
