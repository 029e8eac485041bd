package io.tablecast.projector;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewTable;
import io.tablecast.projector.adapter.in.kafka.EventConsumer;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.adapter.out.tables.EmployeesTable;
import io.tablecast.projector.adapter.out.tables.ViewStoreBootstrap;
import io.tablecast.projector.application.Projector;
import java.net.URI;
import java.util.Map;

/**
 * The projector deployable: prepares the view store, then projects the event topics into the
 * active generation's tables. {@code /health} is DOWN once the consumer loop has stopped.
 */
public final class ProjectorService implements AutoCloseable {

  private final EventConsumer consumer;
  private final DeadLetters deadLetters;
  private final HttpService http;

  private ProjectorService(EventConsumer consumer, DeadLetters deadLetters, HttpService http) {
    this.consumer = consumer;
    this.deadLetters = deadLetters;
    this.http = http;
  }

  public static ProjectorService start(ProjectorConfig config) {
    return start(config, new AzureClients(config.storage()));
  }

  public static ProjectorService start(ProjectorConfig config, AzureClients azure) {
    TopicNames topics = TopicNames.of(config.namespace());
    TopicProvisioner.ensureTopics(config.kafka(), topics.all());
    Generation generation = ViewStoreBootstrap.ensure(azure, config.namespace());
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Projector projector = new Projector(new EmployeesTable(azure.table(generation.table(ViewTable.EMPLOYEES)), metrics));
    DeadLetters deadLetters = new DeadLetters(config.kafka(), topics.projectorDlq());
    EventConsumer consumer = new EventConsumer(
        config.kafka(), config.namespace().group("tablecast-projector"), topics, projector, deadLetters, metrics);
    HttpService http = HttpService.start(
        "projector",
        config.http(),
        metrics,
        () -> new Health(consumer.isHealthy(), Map.of("generation", generation.number(), "lastProgressAt", consumer.lastProgress().toString())),
        () -> { });
    return new ProjectorService(consumer, deadLetters, http);
  }

  public URI uri() {
    return http.uri();
  }

  @Override
  public void close() {
    http.close();
    consumer.close();
    deadLetters.close();
  }
}
