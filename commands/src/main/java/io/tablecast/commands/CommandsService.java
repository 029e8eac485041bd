package io.tablecast.commands;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.tablecast.commands.adapter.in.http.CommandsApi;
import io.tablecast.commands.adapter.in.kafka.CommandProcessorRunner;
import io.tablecast.commands.adapter.in.kafka.ProcessorSettings;
import io.tablecast.commands.adapter.out.kafka.KafkaCommandPublisher;
import io.tablecast.commands.adapter.out.kafka.KafkaOutcomeListener;
import io.tablecast.commands.adapter.out.kafka.schema.CommandTopics;
import io.tablecast.commands.application.CommandService;
import io.tablecast.common.http.BearerAuth;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.common.http.OpenApiDocument;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tracing.TracingSetup;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.events.EventTopicNames;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The commands deployable: the Kafka Streams command processor and the HTTP API in one process.
 * Start it with {@link #start}; {@link #close} stops the HTTP server first, then the processor,
 * then its tracing.
 */
public final class CommandsService implements AutoCloseable {

  /** The scope or app role a bearer token needs for any command, when authentication is on. */
  public static final String WRITE_PERMISSION = "commands.write";

  private final CommandProcessorRunner processor;
  private final KafkaOutcomeListener outcomes;
  private final KafkaCommandPublisher publisher;
  private final HttpService http;
  private final OpenTelemetry telemetry;

  private CommandsService(CommandProcessorRunner processor, KafkaOutcomeListener outcomes, KafkaCommandPublisher publisher,
      HttpService http, OpenTelemetry telemetry) {
    this.telemetry = telemetry;
    this.processor = processor;
    this.outcomes = outcomes;
    this.publisher = publisher;
    this.http = http;
  }

  /** Starts it without tracing. */
  public static CommandsService start(CommandsConfig config) {
    return start(config, OpenTelemetry.noop());
  }

  /**
   * @param telemetry traces each request through the processor's decision into its event
   *     ({@link TracingSetup#fromEnv}); shut down on {@link #close}
   */
  public static CommandsService start(CommandsConfig config, OpenTelemetry telemetry) {
    Tracing tracing = Tracing.of(telemetry, "io.tablecast.commands");
    TopicNames names = TopicNames.of(config.namespace(), EventTopicNames.ALL);
    TopicProvisioner.ensureTopics(config.kafka(), names);
    CommandTopics topics = CommandTopics.of(names);
    CommandProcessorRunner processor = CommandProcessorRunner.start(
        new ProcessorSettings(config.namespace(), config.kafka(), config.stateDir(), config.instanceId()), topics, Clock.systemUTC(), tracing);
    KafkaOutcomeListener outcomes = new KafkaOutcomeListener(config.kafka(), topics.results());
    KafkaCommandPublisher publisher = new KafkaCommandPublisher(config.kafka(), topics.commands(), tracing);
    CommandService service = new CommandService(publisher, outcomes, processor.facts(), Clock.systemUTC(), config.commandTimeout());
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    HttpService http =
        HttpService.start(
            "commands",
            config.http(),
            metrics,
            () -> new Health(processor.isRunning(), Map.of("processor", processor.state())),
            BearerAuth.protect("commands", config.auth(), WRITE_PERMISSION, new CommandsApi(service, tracing, config.consistencyTokens())),
            Optional.of(OpenApiDocument.resource(CommandsService.class, "/openapi/commands.json")));
    return new CommandsService(processor, outcomes, publisher, http, telemetry);
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
    publisher.close();
    outcomes.close();
    processor.close();
    TracingSetup.shutdown(telemetry);
  }
}
