package io.tablecast.views;

import com.azure.core.http.policy.HttpPipelinePolicy;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablecast.common.http.BearerAuth;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.common.http.OpenApiDocument;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.ViewSetReads;
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
import java.net.URL;
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
    TopicProvisioner.checkAccess(config.kafka());
    AzureClients azure = new AzureClients(config.storage(), extraPolicies);
    List<ViewSetReads> served = ViewSetReads.served(config.viewSets().loader());
    ViewSetReads root = served.stream().filter(ViewSetReads::atRoot).findFirst().orElseThrow(() -> new IllegalStateException(
        "The views service serves one view set at the root, the one whose pipeline /status reports, and none of those on its class path"
            + " is: " + served.stream().map(r -> r.viewSet().name()).toList() + ". Its jar is missing from the class path."));
    // The view set at the root is the service's own: its tables the ones the status page reports first.
    ActiveTables tables = new ActiveTables(azure, config.namespace(), root.viewSet());
    List<ViewSet> others = served.stream().filter(reads -> reads != root).map(ViewSetReads::viewSet).toList();
    StatusReader status = new StatusReader(tables, azure, config.namespace(), config.kafka(), config.stallTimeout(), others,
        Clock.systemUTC());
    List<Runnable> viewSetClosers = new ArrayList<>();
    List<ViewSetRoutes.Served> mounted = new ArrayList<>();
    for (ViewSetReads reads : served) {
      ActiveTables viewSetTables = reads == root ? tables : new ActiveTables(azure, config.namespace(), reads.viewSet());
      mounted.add(mounted(viewSetTables, reads, config, viewSetClosers));
      if (reads != root) {
        viewSetClosers.add(viewSetTables::close);
      }
    }
    ViewSetRoutes viewSetRoutes = new ViewSetRoutes(mounted, config.continuationKey().bytes(), config.consistencyTokens());
    CommandTopicOffsets commandLog = new CommandTopicOffsets(config.kafka(), TopicNames.commands(config.namespace()));
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
        Optional.of(openApi(served)));
    return new ViewsService(tables, status, commandLog, sampler, http, viewSetClosers);
  }

  /** A view set's reads, served from {@code tables}; what its reads hold open goes to {@code closers}. */
  private static ViewSetRoutes.Served mounted(ActiveTables tables, ViewSetReads viewSet, ViewsConfig config, List<Runnable> closers) {
    TableViewReader reader = new TableViewReader(tables);
    ReadYourWrites reads = new ReadYourWrites(new TableAppliedPositions(tables, viewSet.aggregates()), config.consistencyWait());
    closers.addAll(List.of(reads::close, reader::close));
    return new ViewSetRoutes.Served(viewSet.viewSet(), reader, viewSet.routes(), reads,
        viewSet.topics().stream().map(config.namespace()::topic).toList(), viewSet.aggregates(), viewSet.atRoot());
  }

  /** The service's OpenAPI document, with those the view sets give of their routes. */
  private static OpenApiDocument openApi(List<ViewSetReads> served) {
    OpenApiDocument document = OpenApiDocument.resource(ViewsService.class, "/openapi/views.json");
    for (ViewSetReads reads : served) {
      Optional<URL> part = reads.openApi();
      if (part.isPresent()) {
        document = document.merged(OpenApiDocument.read(part.get()), "View set '" + reads.viewSet().name() + "'");
      }
    }
    return document;
  }

  /** Down while a projector is stalled, the root view set's (SPEC §7) or another's: a frozen pipeline must never look healthy. */
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
