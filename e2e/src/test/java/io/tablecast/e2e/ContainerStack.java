package io.tablecast.e2e;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.testkit.HttpTestClient;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.output.Slf4jLogConsumer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.lifecycle.Startables;

/**
 * The compose demo's containers, started by Testcontainers on a network of their own: Kafka
 * (KRaft) and Azurite configured as {@code docker-compose.yml} configures them, then the commands,
 * projector and views services, each started once {@code /health} answers 200. Only the projector
 * holds the account key; the commands hold no storage credential, the views a read-only SAS. Published ports are
 * bound to 127.0.0.1 only.
 */
final class ContainerStack implements AutoCloseable {

  /** Azurite's development account, reached by the container's network alias. */
  static final String STORAGE = StorageSettings.azuriteConnectionString("azurite", 10000, 10001, 10002);
  private static final Duration START = Duration.ofMinutes(3);

  private final Network network = Network.newNetwork();
  private final GenericContainer<?> kafka = new GenericContainer<>(Images.KAFKA)
      .withNetwork(network).withNetworkAliases("kafka")
      .withEnv(Map.ofEntries(
          Map.entry("KAFKA_NODE_ID", "1"),
          Map.entry("KAFKA_PROCESS_ROLES", "broker,controller"),
          Map.entry("KAFKA_LISTENERS", "INTERNAL://:19092,CONTROLLER://:9093"),
          Map.entry("KAFKA_ADVERTISED_LISTENERS", "INTERNAL://kafka:19092"),
          Map.entry("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP", "INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT"),
          Map.entry("KAFKA_INTER_BROKER_LISTENER_NAME", "INTERNAL"),
          Map.entry("KAFKA_CONTROLLER_LISTENER_NAMES", "CONTROLLER"),
          Map.entry("KAFKA_CONTROLLER_QUORUM_VOTERS", "1@localhost:9093"),
          Map.entry("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", "1"),
          Map.entry("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", "1"),
          Map.entry("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "1"),
          Map.entry("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR", "1"),
          Map.entry("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR", "1"),
          Map.entry("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0"),
          Map.entry("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "false")))
      .waitingFor(Wait.forLogMessage(".*Kafka Server started.*", 1).withStartupTimeout(START));
  private final GenericContainer<?> azurite = new GenericContainer<>(Images.AZURITE)
      .withNetwork(network).withNetworkAliases("azurite")
      .withCommand("azurite", "--location", "/data", "--blobHost", "0.0.0.0", "--queueHost", "0.0.0.0", "--tableHost", "0.0.0.0",
          "--disableTelemetry", "--skipApiVersionCheck")
      .waitingFor(Wait.forLogMessage(".*Azurite Table service is successfully listening.*", 1).withStartupTimeout(START));
  private final GenericContainer<?> commands = service("commands", 8081).withEnv("TABLECAST_STATE_DIR", "/tmp/streams")
      .withEnv("TABLECAST_AUTH", "off");
  private final GenericContainer<?> projector = service("projector", 8083).withEnv(storage(ServiceSas.readWrite(STORAGE, Duration.ofHours(2))));
  private final GenericContainer<?> views = service("views", 8082).withEnv(storage(ServiceSas.readOnly(STORAGE, Duration.ofHours(2))))
      .withEnv("TABLECAST_AUTH", "off");

  private ContainerStack() {}

  static ContainerStack start() {
    ContainerStack stack = new ContainerStack();
    try {
      Startables.deepStart(stack.kafka, stack.azurite).join();
      Startables.deepStart(stack.commands, stack.projector).join();
      stack.views.start();
      return stack;
    } catch (RuntimeException e) {
      stack.close();
      throw e;
    }
  }

  private GenericContainer<?> service(String name, int port) {
    return new GenericContainer<>(Images.service(name))
        .withNetwork(network).withNetworkAliases(name)
        .withEnv(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "kafka:19092", "TABLECAST_KAFKA_SECURITY_PROTOCOL", "PLAINTEXT"))
        .withExposedPorts(port)
        .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
            .withPortBindings(new PortBinding(Ports.Binding.bindIp("127.0.0.1"), ExposedPort.tcp(port))))
        .withLogConsumer(new Slf4jLogConsumer(LoggerFactory.getLogger("container." + name)).withSeparateOutputStreams())
        .waitingFor(Wait.forHttp("/health").forPort(port).forStatusCode(200).withStartupTimeout(START));
  }

  /**
   * As the compose demo gives a service its storage rights: the endpoints and its own SAS (a
   * writer's pair on one line), never the key.
   */
  private static Map<String, String> storage(StorageSettings sas) {
    return Map.of("TABLECAST_TABLE_ENDPOINT", sas.tableEndpoint().orElseThrow(),
        "TABLECAST_QUEUE_ENDPOINT", sas.queueEndpoint().orElseThrow(),
        "TABLECAST_STORAGE_SAS", sas.sasToken().orElseThrow().replace('\n', ' '));
  }

  /**
   * The demo loader, {@code tablecast demo-load}, as compose runs it, with no orders: this stack
   * keeps HR's views alone; not yet started.
   */
  GenericContainer<?> demoLoader(int employees) {
    return new GenericContainer<>(Images.service("cli"))
        .withNetwork(network)
        .withCommand("demo-load", "--commands", "http://commands:8081", "--views", "http://views:8082",
            "--employees", String.valueOf(employees), "--orders", "0", "--timeout", "PT4M")
        .withLogConsumer(new Slf4jLogConsumer(LoggerFactory.getLogger("container.demo-loader")));
  }

  HttpTestClient commands() {
    return new HttpTestClient(uri(commands, 8081));
  }

  HttpTestClient views() {
    return new HttpTestClient(uri(views, 8082));
  }

  /** SIGKILLs the projector's container, as a crash would, and starts the same container again. */
  void killAndRestartProjector() {
    var docker = DockerClientFactory.instance().client();
    docker.killContainerCmd(projector.getContainerId()).exec();
    docker.startContainerCmd(projector.getContainerId()).exec();
  }

  private static URI uri(GenericContainer<?> container, int port) {
    return URI.create("http://" + container.getHost() + ":" + container.getMappedPort(port));
  }

  @Override
  public void close() {
    for (GenericContainer<?> c : List.of(views, projector, commands, azurite, kafka)) {
      c.stop();
    }
    network.close();
  }
}
