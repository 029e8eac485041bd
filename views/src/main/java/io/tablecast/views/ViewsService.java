package io.tablecast.views;

import com.azure.core.http.policy.HttpPipelinePolicy;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablecast.common.http.BearerAuth;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.hr.queries.HrQueries;
import io.tablecast.hr.tables.HrAggregates;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.projection.AggregateRow;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.ViewSetProvider;
import io.tablecast.views.adapter.in.http.StatusApi;
import io.tablecast.views.adapter.in.http.StatusPage;
import io.tablecast.views.adapter.in.http.ViewSetRoutes;
import io.tablecast.views.adapter.out.kafka.CommandTopicOffsets;
import io.tablecast.views.adapter.out.queue.PoisonPeek;
import io.tablecast.views.adapter.out.tables.ActiveTables;
import io.tablecast.views.adapter.out.tables.StatusReader;
import io.tablecast.views.adapter.out.tables.TableAppliedPositions;
import io.tablecast.views.adapter.out.tables.TableCheckpoints;
import io.tablecast.views.adapter.out.tables.TableTelemetry;
import io.tablecast.views.adapter.out.tables.TableViewReader;
import io.tablecast.views.application.Dashboard;
import io.tablecast.views.application.ReadYourWrites;
import io.tablecast.views.application.Sampler;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The views deployable: the read-only HTTP API over the active generation's tables, and the operators' status page. */
public final class ViewsService implements AutoCloseable {

  /**
   * The scope or app role a bearer token needs for any read, the status page's data included, when
   * authentication is on; only the page's shell and assets are open.
   */
  public static final String READ_PERMISSION = "views.read";

  private final ActiveTables tables;
  private final StatusReader status;
  private final CommandTopicOffsets commandLog;
  private final Sampler sampler;
  private final HttpService http;
  /** What each view set's reads hold open: its reader, its read-your-writes watcher and a team's tables. */
  private final List<Runnable> viewSetClosers;

  private ViewsService(ActiveTables tables, StatusReader status, CommandTopicOffsets commandLog, Sampler sampler, HttpService http,
      List<Runnable> viewSetClosers) {
    this.viewSetClosers = viewSetClosers;
    this.tables = tables;
    this.status = status;
    this.commandLog = commandLog;
    this.sampler = sampler;
    this.http = http;
  }

  public static ViewsService start(ViewsConfig config) {
    return start(config, List.of());
  }

  /**
   * @param extraPolicies added to the storage clients' pipelines, for example a request counter in tests
   */
  public static ViewsService start(ViewsConfig config, List<HttpPipelinePolicy> extraPolicies) {
    AzureClients azure = new AzureClients(config.storage(), extraPolicies);
    TopicNames topics = TopicNames.of(config.namespace());
    ActiveTables tables = new ActiveTables(azure, config.namespace(), HrViewSet.HR);
    List<ViewSetProvider> providers = ViewSetProvider.providers(config.viewSets().loader());
    List<ViewSet> viewSets = providers.stream().map(provider -> provider.projectedViewSet().viewSet()).toList();
    StatusReader status = new StatusReader(tables, azure, config.namespace(), config.kafka(), config.stallTimeout(), viewSets,
        Clock.systemUTC());
    List<Runnable> viewSetClosers = new ArrayList<>();
    List<ViewSetRoutes.Served> served = new ArrayList<>();
    // HR: its tables are the service's first ones, its routes at SPEC §5's paths, its tokens its commands API's.
    served.add(served(tables, HrViewSet.HR, HrQueries.ROUTES, topics.eventTopics(), HrAggregates.ALL, true, config, viewSetClosers));
    for (ViewSetProvider provider : providers) {
      ProjectedViewSet<?> projected = provider.projectedViewSet();
      ActiveTables viewSetTables = new ActiveTables(azure, config.namespace(), projected.viewSet());
      served.add(served(viewSetTables, projected.viewSet(), provider.routes(),
          projected.topics().stream().map(config.namespace()::topic).toList(), List.of(), false, config, viewSetClosers));
      viewSetClosers.add(viewSetTables::close);
    }
    ViewSetRoutes viewSetRoutes = new ViewSetRoutes(served, config.continuationKey().bytes());
    CommandTopicOffsets commandLog = new CommandTopicOffsets(config.kafka(), topics.commands());
    // The status page's history: sampled in the background from the start, whether a page is open or not.
    Sampler sampler = new Sampler(commandLog, new TableTelemetry(tables), status, Clock.systemUTC()).start(Sampler.PERIOD);
    Dashboard dashboard = new Dashboard(status, new TableCheckpoints(tables),
        new PoisonPeek(azure, tables::generation), sampler, Clock.systemUTC());
    StatusApi api = new StatusApi(status);
    StatusPage page = new StatusPage(dashboard, Sampler.PERIOD);
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    HttpService http = HttpService.start(
        "views",
        config.http(),
        metrics,
        () -> health(tables.state().activeGeneration(), status.stalled(), status.stalledViewSets()),
        BearerAuth.protect("views", config.auth(), READ_PERMISSION, StatusPage.OPEN_PATHS, () -> {
          api.addEndpoints();
          page.addEndpoints();
          viewSetRoutes.addEndpoints();
        }),
        Optional.of("/openapi/views.json"));
    return new ViewsService(tables, status, commandLog, sampler, http, viewSetClosers);
  }

  /** A view set served from {@code tables}; what its reads hold open goes to {@code closers}. */
  private static ViewSetRoutes.Served served(ActiveTables tables, ViewSet viewSet, List<ViewRoute> routes, List<String> topics,
      List<AggregateRow> aggregates, boolean atRoot, ViewsConfig config, List<Runnable> closers) {
    TableViewReader reader = new TableViewReader(tables);
    ReadYourWrites reads = new ReadYourWrites(new TableAppliedPositions(tables, aggregates), config.consistencyWait());
    closers.addAll(List.of(reads::close, reader::close));
    return new ViewSetRoutes.Served(viewSet, reader, routes, reads, topics, aggregates, atRoot);
  }

  /** Down while a projector is stalled, HR's (SPEC §7) or another view set's: a frozen pipeline must never look healthy. */
  private static Health health(int activeGeneration, boolean stalled, List<String> stalledViewSets) {
    return new Health(!stalled && stalledViewSets.isEmpty(),
        Map.of("activeGeneration", activeGeneration, "stalled", stalled, "stalledViewSets", stalledViewSets));
  }

  public URI uri() {
    return http.uri();
  }

  /** The routes it answers, as {@code "GET /path/{param}"}. */
  public List<String> routes() {
    return http.routes();
  }

  @Override
  public void close() {
    http.close();
    sampler.close();
    commandLog.close();
    status.close();
    viewSetClosers.forEach(Runnable::run);
    tables.close();
  }
}
