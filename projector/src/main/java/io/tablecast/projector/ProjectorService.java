package io.tablecast.projector;

import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.data.tables.TableClient;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.FollowActiveGeneration;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.RetryCounting;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.common.tracing.TracingSetup;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projection.ViewSetProvider;
import io.tablecast.projector.viewsets.ViewSetProjector;
import io.tablecast.projector.viewsets.ViewSetProjectors;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import io.tablecast.viewstore.adapter.out.tables.ViewStoreBootstrap;
import io.tablecast.viewstore.adapter.out.telemetry.TelemetryReporter;
import io.tablecast.viewstore.application.work.InProcessWorkers;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The projector deployable: prepares the view store, then projects the event topics into the
 * active generation's tables and queues, moving to the next generation when a rebuild flips
 * {@code ViewCatalog}: the planned view set ({@link PlannedViewSet}, HR), and beside it every view set
 * found on the class path ({@link ViewSetProjectors}). {@code /health} is DOWN when the planned view
 * set's consumer loop has stopped or is stalled (SPEC §7), or when
 * another view set's projector or step worker has stopped ({@code viewSetsDown} names them).
 */
public final class ProjectorService implements AutoCloseable {

  private final FollowActiveGeneration<GenerationPipeline> pipeline;
  private final ViewSetProjectors viewSets;
  private final HttpService http;
  private final List<TelemetryReporter> reporters;
  private final OpenTelemetry telemetry;

  private ProjectorService(FollowActiveGeneration<GenerationPipeline> pipeline, ViewSetProjectors viewSets, HttpService http,
      List<TelemetryReporter> reporters, OpenTelemetry telemetry) {
    this.pipeline = pipeline;
    this.viewSets = viewSets;
    this.http = http;
    this.reporters = reporters;
    this.telemetry = telemetry;
  }

  public static ProjectorService start(ProjectorConfig config) {
    return start(config, List.of());
  }

  /** @param extraPolicies added to every storage request, for example a fault injector in tests */
  public static ProjectorService start(ProjectorConfig config, List<HttpPipelinePolicy> extraPolicies) {
    return start(config, extraPolicies, OpenTelemetry.noop());
  }

  /**
   * @param telemetry traces the writes of each event, and its workers', in the event's trace
   *     ({@link TracingSetup#fromEnv}); shut down on {@link #close}
   */
  public static ProjectorService start(ProjectorConfig config, List<HttpPipelinePolicy> extraPolicies, OpenTelemetry telemetry) {
    return start(config, extraPolicies, InProcessWorkers.ON_CLASS_PATH, telemetry);
  }

  /** @param workers the queue workers to run beside the projection: those on the class path, unless a test brings its own */
  public static ProjectorService start(ProjectorConfig config, List<HttpPipelinePolicy> extraPolicies, InProcessWorkers workers,
      OpenTelemetry telemetry) {
    Tracing tracing = Tracing.of(telemetry, "io.tablecast.projector");
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    List<HttpPipelinePolicy> policies = new ArrayList<>(RetryCounting.policies(metrics));
    policies.addAll(extraPolicies);
    AzureClients azure = new AzureClients(config.storage(), policies);
    PlannedViewSet<?> planned = PlannedViewSet.found(config.viewSets().loader());
    TopicProvisioner.ensureTopics(config.kafka(), TopicNames.of(config.namespace(), planned.views().topics()));
    ViewStoreBootstrap.ensure(azure, config.namespace(), planned.views().viewSet());
    FollowActiveGeneration<GenerationPipeline> pipeline = new FollowActiveGeneration<>(
        new ViewCatalog(azure.tableService(), config.namespace(), planned.views().viewSet()), "projector",
        generation -> GenerationPipeline.start(config, planned, azure, generation, metrics, workers, tracing),
        new GenerationStorage(azure).onceCreated());
    ViewSetProjectors viewSets = ViewSetProjectors.start(config.kafka(), azure, config.namespace(),
        ViewSetProvider.found(config.viewSets().loader()), new ViewSetProjector.Settings(ViewSetProjectors.LANES_IN_FLIGHT,
            config.workers(), config.onFailure(), config.recovery().requeuePendingWork(), tracing), metrics);
    HttpService http = HttpService.start("projector", config.http(), metrics, () -> health(pipeline.current(), viewSets.down()),
        () -> { });
    return new ProjectorService(pipeline, viewSets, http, reporters(config, azure, metrics), telemetry);
  }

  /** UP while the planned view set's pipeline is healthy and every other view set's projector runs. */
  private static Health health(GenerationPipeline planned, List<String> viewSetsDown) {
    Map<String, Object> details = new LinkedHashMap<>(planned.details());
    details.put("viewSetsDown", viewSetsDown);
    return new Health(planned.healthy() && viewSetsDown.isEmpty(), details);
  }

  /** The status page's telemetry rows: the projector's own, and its workers' when it runs some. */
  private static List<TelemetryReporter> reporters(ProjectorConfig config, AzureClients azure, PrometheusMeterRegistry metrics) {
    TableClient rows = azure.table(new CatalogTables(config.namespace()).telemetry());
    List<TelemetryReporter> reporters = new ArrayList<>();
    reporters.add(TelemetryReporter.start(rows, metrics, TelemetryReporter.PROJECTOR, TelemetryReporter.instanceId(config.instanceId()),
        Clock.systemUTC()));
    if (config.workers().perQueue() > 0) {
      reporters.add(TelemetryReporter.start(rows, metrics, TelemetryReporter.WORKER, config.workers().instance(), Clock.systemUTC()));
    }
    return reporters;
  }

  /** The generation this projector writes now; it follows {@code ViewCatalog} flips. */
  public Generation generation() {
    return pipeline.generation();
  }

  public URI uri() {
    return http.uri();
  }

  @Override
  public void close() {
    reporters.forEach(TelemetryReporter::close);
    http.close();
    viewSets.close();
    pipeline.close();
    TracingSetup.shutdown(telemetry);
  }
}
