package io.tablecast.projector;

import com.azure.core.http.policy.HttpPipelinePolicy;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.RetryCounting;
import io.tablecast.common.tables.ViewTable;
import io.tablecast.projector.adapter.in.kafka.EventConsumer;
import io.tablecast.projector.adapter.in.queue.Workers;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.adapter.out.queue.QueueWorkSender;
import io.tablecast.projector.adapter.out.tables.AzureFailures;
import io.tablecast.projector.adapter.out.tables.EmployeesTable;
import io.tablecast.projector.adapter.out.tables.TableActivityStore;
import io.tablecast.projector.adapter.out.tables.TableCheckpointStore;
import io.tablecast.projector.adapter.out.tables.TableLocatorStore;
import io.tablecast.projector.adapter.out.tables.ViewStoreBootstrap;
import io.tablecast.projector.application.BatchApplier;
import io.tablecast.projector.application.Projector;
import io.tablecast.projector.application.work.WorkSteps;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The projector deployable: prepares the view store, then projects the event topics into the
 * active generation's tables and queues. {@code /health} is DOWN when the consumer loop has
 * stopped or is stalled (SPEC §7).
 */
public final class ProjectorService implements AutoCloseable {

  private final EventConsumer consumer;
  private final DeadLetters deadLetters;
  private final ExecutorService pool;
  private final HttpService http;
  private final Workers workers;

  private ProjectorService(EventConsumer consumer, DeadLetters deadLetters, ExecutorService pool, HttpService http, Workers workers) {
    this.consumer = consumer;
    this.deadLetters = deadLetters;
    this.pool = pool;
    this.http = http;
    this.workers = workers;
  }

  public static ProjectorService start(ProjectorConfig config) {
    return start(config, List.of());
  }

  /** @param extraPolicies added to every storage request, for example a fault injector in tests */
  public static ProjectorService start(ProjectorConfig config, List<HttpPipelinePolicy> extraPolicies) {
    return start(config, extraPolicies, WorkSteps.NONE);
  }

  /** @param steps told of every step of the queue workers; the convergence tests stop workers there */
  public static ProjectorService start(ProjectorConfig config, List<HttpPipelinePolicy> extraPolicies, WorkSteps steps) {
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    List<HttpPipelinePolicy> policies = new ArrayList<>(RetryCounting.policies(metrics));
    policies.addAll(extraPolicies);
    AzureClients azure = new AzureClients(config.storage(), policies);
    TopicNames topics = TopicNames.of(config.namespace());
    TopicProvisioner.ensureTopics(config.kafka(), topics.all());
    Generation generation = ViewStoreBootstrap.ensure(azure, config.namespace());
    ExecutorService pool = Executors.newFixedThreadPool(config.threads(), named("projector-io"));
    Projector projector = new Projector(
        new EmployeesTable(azure.table(generation.table(ViewTable.EMPLOYEES)), metrics),
        new TableLocatorStore(azure.table(generation.table(ViewTable.EMPLOYEE_INDEX)), metrics),
        new TableActivityStore(azure.table(generation.table(ViewTable.EMPLOYEE_ACTIVITY)), metrics),
        new QueueWorkSender(azure, generation, metrics),
        pool);
    DeadLetters deadLetters = new DeadLetters(config.kafka(), topics.projectorDlq());
    EventConsumer consumer = new EventConsumer(
        config.kafka(),
        new EventConsumer.Settings(config.namespace().group("tablecast-projector"), config.onFailure(), config.stallTimeout(), config.maxPollRecords()),
        topics,
        new BatchApplier(projector, config.onFailure(), AzureFailures.INSTANCE),
        new TableCheckpointStore(azure.table(new CatalogTables(config.namespace()).projectorCheckpoints()), generation),
        deadLetters,
        AzureFailures.INSTANCE,
        metrics,
        Clock.systemUTC());
    Workers workers = Workers.start(azure, generation, config.workers(), metrics, steps);
    HttpService http = HttpService.start("projector", config.http(), metrics, () -> health(consumer, workers, generation), () -> { });
    return new ProjectorService(consumer, deadLetters, pool, http, workers);
  }

  private static Health health(EventConsumer consumer, Workers workers, Generation generation) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("generation", generation.number());
    details.put("workers", workers.size());
    details.put("stalled", consumer.isStalled());
    details.put("lastProgressAt", consumer.lastProgress().toString());
    Map<String, String> paused = new LinkedHashMap<>();
    consumer.pausedPartitions().forEach((p, reason) -> paused.put(p.topic() + "-" + p.partition(), reason));
    details.put("pausedPartitions", paused);
    return new Health(consumer.isHealthy() && workers.alive(), details);
  }

  private static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  public URI uri() {
    return http.uri();
  }

  @Override
  public void close() {
    http.close();
    workers.close();
    consumer.close();
    deadLetters.close();
    pool.shutdown();
    try {
      pool.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
