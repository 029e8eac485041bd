package io.tablecast.app;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.ReadOnlySas;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.ProjectorService;
import io.tablecast.testkit.EmbeddedRuntime;
import io.tablecast.testkit.RuntimeOptions;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The embedded runtime plus the three services, wired to each other on the default ports. The
 * services stop before the runtime, however the stop comes (close, Ctrl-C, SIGTERM).
 */
final class DevMode implements AutoCloseable {

  private final EmbeddedRuntime runtime;
  private final ProjectorService projector;
  private final CommandsService commands;
  private final ViewsService views;

  private DevMode(EmbeddedRuntime runtime, ProjectorService projector, CommandsService commands, ViewsService views) {
    this.runtime = runtime;
    this.projector = projector;
    this.commands = commands;
    this.views = views;
  }

  static DevMode start(Path dataDir, int portOffset) {
    RuntimeOptions.Ports d = RuntimeOptions.Ports.DEFAULTS;
    RuntimeOptions.Ports ports = new RuntimeOptions.Ports(
        d.kafka() + portOffset, d.kafkaController() + portOffset, d.blob() + portOffset, d.queue() + portOffset, d.table() + portOffset);
    EmbeddedRuntime runtime = EmbeddedRuntime.start(new RuntimeOptions(dataDir.resolve("runtime"), ports));
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 3);
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    ProjectorService projector = runtime.closeFirst(ProjectorService.start(
        ProjectorConfig.of(Namespace.NONE, kafka, storage, new HttpSettings("127.0.0.1", ProjectorConfig.DEFAULT_PORT + portOffset))));
    CommandsService commands = runtime.closeFirst(CommandsService.start(new CommandsConfig(
        Namespace.NONE, kafka, new HttpSettings("127.0.0.1", CommandsConfig.DEFAULT_PORT + portOffset), dataDir.resolve("streams"), Duration.ofSeconds(10), "dev")));
    ViewsService views = runtime.closeFirst(ViewsService.start(
        ViewsConfig.of(Namespace.NONE, ReadOnlySas.issue(runtime.storageConnectionString(), Duration.ofDays(365)), kafka, new HttpSettings("127.0.0.1", ViewsConfig.DEFAULT_PORT + portOffset))));
    return new DevMode(runtime, projector, commands, views);
  }

  URI commandsUri() {
    return commands.uri();
  }

  URI viewsUri() {
    return views.uri();
  }

  URI projectorUri() {
    return projector.uri();
  }

  String bootstrapServers() {
    return runtime.bootstrapServers();
  }

  String tableEndpoint() {
    return runtime.azurite().tableEndpoint();
  }

  String queueEndpoint() {
    return runtime.azurite().queueEndpoint();
  }

  /** Stops the services, then Kafka and Azurite. */
  @Override
  public void close() {
    runtime.close();
  }
}
