package io.tablecast.workers;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.ViewSetJars;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.FollowActiveGeneration;
import io.tablecast.common.tables.RetryCounting;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.common.tracing.TracingSetup;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.ViewSetProvider;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import io.tablecast.viewstore.adapter.out.tables.ViewStoreBootstrap;
import io.tablecast.viewstore.adapter.out.telemetry.TelemetryReporter;
import io.tablecast.viewstore.adapter.queue.StepWorkers;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The queue workers as their own deployable, for scaling them apart from the projector: any
 * number of these may run beside the projector's own workers (SPEC §4, competing consumers).
 * Beside HR's, they work the steps of every view set found on the class path or in {@code
 * TABLECAST_VIEW_SETS_DIR} ({@link StepWorkers}). They follow each view set's {@code ViewCatalog}
 * flips to its next generation. {@code /health} is DOWN when a worker thread has died.
 */
public final class WorkerService implements AutoCloseable {

  public static final int DEFAULT_PORT = 8084;

  private final List<FollowActiveGeneration<StepWorkers>> steps;
  private final HttpService http;
  private final TelemetryReporter reporter;
  private final OpenTelemetry telemetry;

  private WorkerService(List<FollowActiveGeneration<StepWorkers>> steps, HttpService http, TelemetryReporter reporter,
      OpenTelemetry telemetry) {
    this.steps = steps;
    this.http = http;
    this.reporter = reporter;
    this.telemetry = telemetry;
  }

  /**
   * @param http where {@code /health} and {@code /metrics} listen ({@code TABLECAST_WORKER_PORT},
   *     default 8084)
   * @param workers {@code TABLECAST_WORKERS} per queue, at least 1 here; their leases name this
   *     process {@code TABLECAST_INSTANCE_ID} where it is set (the container's host name in the
   *     service image), so that an operator can tell which replica holds a lease; a random id
   *     otherwise
   * @param viewSets the jars of the teams' view sets whose steps these workers run too
   */
  public record Config(Namespace namespace, StorageSettings storage, HttpSettings http, WorkerSettings workers, ViewSetJars viewSets) {

    /** Working HR's queues, and those of the view sets on the class path. */
    public Config(Namespace namespace, StorageSettings storage, HttpSettings http, WorkerSettings workers) {
      this(namespace, storage, http, workers, ViewSetJars.NONE);
    }

    public static Config fromEnv(Env env) {
      WorkerSettings settings = WorkerSettings.fromEnv(env);
      if (settings.perQueue() == 0) {
        settings = settings.withPerQueue(1);
      }
      Optional<String> instance = env.optional("TABLECAST_INSTANCE_ID");
      if (instance.isPresent()) {
        if (instance.get().contains("/")) {
          throw new ConfigException("TABLECAST_INSTANCE_ID must not contain '/', was '" + instance.get() + "'");
        }
        settings = settings.withInstance(instance.get());
      }
      return new Config(env.namespace(), StorageSettings.fromEnv(env), HttpSettings.fromEnv(env, "TABLECAST_WORKER_PORT", DEFAULT_PORT),
          settings, ViewSetJars.fromEnv(env));
    }
  }

  /** Starts it without tracing. */
  public static WorkerService start(Config config) {
    return start(config, OpenTelemetry.noop());
  }

  /**
   * @param telemetry a span per work item, in the trace of the event that caused it ({@link
   *     TracingSetup#fromEnv}); shut down on {@link #close}
   */
  public static WorkerService start(Config config, OpenTelemetry telemetry) {
    Tracing tracing = Tracing.of(telemetry, "io.tablecast.workers");
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    AzureClients azure = new AzureClients(config.storage(), RetryCounting.policies(metrics));
    List<ProjectedViewSet<?>> viewSets = new ArrayList<>();
    viewSets.add(PlannedViewSet.found(config.viewSets().loader()).views());
    viewSets.addAll(ViewSetProvider.found(config.viewSets().loader()));
    List<FollowActiveGeneration<StepWorkers>> steps = viewSets.stream().filter(views -> !views.steps().isEmpty())
        .map(views -> followSteps(azure, config, views, metrics, tracing)).toList();
    HttpService http = HttpService.start("worker", config.http(), metrics, () -> new Health(
        steps.stream().allMatch(follower -> follower.current().alive()),
        Map.of("generation", steps.get(0).generation().number(), "workers", steps.stream().mapToInt(f -> f.current().size()).sum())),
        () -> { });
    TelemetryReporter reporter = TelemetryReporter.start(azure.table(new CatalogTables(config.namespace()).telemetry()),
        metrics, TelemetryReporter.WORKER, config.workers().instance(), Clock.systemUTC());
    return new WorkerService(steps, http, reporter, telemetry);
  }

  private static FollowActiveGeneration<StepWorkers> followSteps(AzureClients azure, Config config, ProjectedViewSet<?> views,
      MeterRegistry metrics, Tracing tracing) {
    ViewStoreBootstrap.ensure(azure, config.namespace(), views.viewSet());
    ViewSetMetrics meters = new ViewSetMetrics(metrics, views.viewSet().name());
    return new FollowActiveGeneration<>(new ViewCatalog(azure.tableService(), config.namespace(), views.viewSet()),
        views.viewSet().name() + "-steps", generation -> StepWorkers.start(azure, generation, views.steps(), config.workers(), meters,
        tracing, Clock.systemUTC()), new GenerationStorage(azure).onceCreated());
  }

  public URI uri() {
    return http.uri();
  }

  @Override
  public void close() {
    reporter.close();
    http.close();
    steps.forEach(FollowActiveGeneration::close);
    TracingSetup.shutdown(telemetry);
  }
}
