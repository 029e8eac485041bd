package io.tablecast.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import kafka.server.BrokerServer;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka broker (KRaft, combined broker + controller) running in this JVM.
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>It listens on 127.0.0.1 only, on the two ports given by the caller (PLAINTEXT for
 *       clients, CONTROLLER for KRaft). {@link #start} returns once the broker serves clients.
 *   <li>Transactions work (Kafka Streams {@code exactly_once_v2} included): the internal topics
 *       have replication factor 1 and min ISR 1.
 *   <li>The data directory is formatted once, when it has no {@code meta.properties}. Starting
 *       again on the same directory and ports keeps the cluster id, topics, records and offsets.
 *   <li>Topics are never created implicitly ({@code auto.create.topics.enable=false}): a
 *       misspelt or un-namespaced topic name fails loudly instead of creating a stray topic.
 *       Create topics with the Admin client; Kafka Streams creates its internal topics itself.
 *   <li>New topics get 3 partitions unless the creator says otherwise.
 *   <li>Its controlled shutdown waits at most {@link #CONTROLLED_SHUTDOWN_WAIT} for the controller,
 *       not Kafka's 5 minutes; the stop then goes on without it (see {@link #close()}).
 * </ul>
 *
 * <p>The broker logs through SLF4J; tests quiet {@code kafka}, {@code org.apache.kafka} and
 * {@code state.change.logger} to WARN.
 */
public final class EmbeddedKafka implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedKafka.class);
  private static final int NODE_ID = 1;
  private static final String CONTROLLER_LISTENER = "CONTROLLER";
  /** How long a stop waits for the controller to approve the broker's controlled shutdown. */
  static final Duration CONTROLLED_SHUTDOWN_WAIT = Duration.ofSeconds(3);

  private final Path dataDir;
  private final int port;
  private final KafkaRaftServer server;
  private final Optional<BrokerServer> broker;
  private boolean closed;

  private EmbeddedKafka(Path dataDir, int port, KafkaRaftServer server) {
    this.dataDir = dataDir;
    this.port = port;
    this.server = server;
    this.broker = brokerOf(server);
  }

  /**
   * Formats {@code dataDir} if needed and starts the broker; returns once it serves clients
   * (about 5 s warm, 8 s cold).
   *
   * @param dataDir the broker's log directory, created if absent
   * @param port the PLAINTEXT (client) port on 127.0.0.1
   * @param controllerPort the KRaft controller port on 127.0.0.1
   */
  public static EmbeddedKafka start(Path dataDir, int port, int controllerPort) {
    Objects.requireNonNull(dataDir, "'dataDir' cannot be null.");
    Path dir = dataDir.toAbsolutePath().normalize();
    Properties props = brokerProperties(dir, port, controllerPort);
    formatIfNeeded(dir);
    KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props), Time.SYSTEM);
    try {
      server.startup();
    } catch (RuntimeException e) {
      server.shutdown();
      server.awaitShutdown();
      throw new IllegalStateException(
          "Kafka failed to start on 127.0.0.1:" + port + " with data in " + dir, e);
    }
    return new EmbeddedKafka(dir, port, server);
  }

  /** The broker's configuration: single node, loopback only, small internal topics. */
  static Properties brokerProperties(Path dataDir, int port, int controllerPort) {
    Properties p = new Properties();
    p.put("process.roles", "broker,controller");
    p.put("node.id", String.valueOf(NODE_ID));
    p.put("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + controllerPort);
    p.put("listeners",
        "PLAINTEXT://127.0.0.1:" + port + "," + CONTROLLER_LISTENER + "://127.0.0.1:" + controllerPort);
    p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
    p.put("inter.broker.listener.name", "PLAINTEXT");
    p.put("controller.listener.names", CONTROLLER_LISTENER);
    p.put("log.dirs", dataDir.toString());
    // One node: every internal topic has one replica; fewer partitions start faster.
    p.put("offsets.topic.replication.factor", "1");
    p.put("offsets.topic.num.partitions", "5");
    p.put("transaction.state.log.replication.factor", "1");
    p.put("transaction.state.log.min.isr", "1");
    p.put("transaction.state.log.num.partitions", "4");
    p.put("share.coordinator.state.topic.replication.factor", "1");
    p.put("share.coordinator.state.topic.min.isr", "1");
    p.put("share.coordinator.state.topic.num.partitions", "3");
    p.put("default.replication.factor", "1");
    p.put("min.insync.replicas", "1");
    p.put("num.partitions", "3");
    p.put("auto.create.topics.enable", "false");
    // Consumer groups (and Streams) join at once instead of waiting 3 s for more members.
    p.put("group.initial.rebalance.delay.ms", "0");
    // A dev box: the log cleaner's 128 MiB default buffer is far more than the few compacted
    // internal topics need.
    p.put("log.cleaner.dedupe.buffer.size", String.valueOf(16 * 1024 * 1024));
    return p;
  }

  /** The equivalent of {@code kafka-storage.sh format}, done once per data directory. */
  private static void formatIfNeeded(Path dir) {
    if (Files.exists(dir.resolve("meta.properties"))) {
      return;
    }
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    String clusterId = Uuid.randomUuid().toString();
    try (PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8)) {
      Files.createDirectories(dir);
      new Formatter()
          .setPrintStream(out)
          .setNodeId(NODE_ID)
          .setClusterId(clusterId)
          .setControllerListenerName(CONTROLLER_LISTENER)
          .setMetadataLogDirectory(dir.toString())
          .setDirectories(List.of(dir.toString()))
          .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
          .run();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not create the Kafka data directory " + dir, e);
    } catch (Exception e) {
      throw new IllegalStateException("Could not format the Kafka data directory " + dir, e);
    }
    log.info("Formatted Kafka storage in {} (cluster id {}): {}",
        dir, clusterId, output.toString(StandardCharsets.UTF_8).strip());
  }

  /** {@code 127.0.0.1:<port>}, for clients' {@code bootstrap.servers}. */
  public String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  /** The PLAINTEXT (client) port on 127.0.0.1. */
  public int port() {
    return port;
  }

  /** The broker's log directory. */
  public Path dataDir() {
    return dataDir;
  }

  /** True if {@link #close()} can bound the wait of the controlled shutdown (see there). */
  boolean boundsControlledShutdown() {
    return broker.isPresent();
  }

  /**
   * Stops the broker and waits until it has stopped (about 1 s). Idempotent.
   *
   * <p>The broker half stops first, with a controlled shutdown that waits at most {@link
   * #CONTROLLED_SHUTDOWN_WAIT} for the controller's approval: one node has no other broker to hand
   * its leaders to, but the approval records the broker as stopped, without which the next start
   * waits about 9 s for the old registration's session to expire. {@code KafkaRaftServer} would
   * wait 5 minutes. Then the controller and the Raft client stop; they have no deadline of their
   * own, so {@link EmbeddedRuntime} bounds the whole stop.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    broker.ifPresent(b -> b.shutdown(CONTROLLED_SHUTDOWN_WAIT));
    server.shutdown(); // the broker half is down already: this stops the controller and Raft
    server.awaitShutdown();
  }

  /**
   * The broker half of the combined node. {@code KafkaRaftServer} 4.1 keeps it in a private field
   * and offers only a stop that waits up to 5 minutes for the controller; empty (and the stop
   * unbounded here) if a later Kafka changes that, which {@code EmbeddedRuntimeIT} would show.
   */
  private static Optional<BrokerServer> brokerOf(KafkaRaftServer server) {
    try {
      Field field = KafkaRaftServer.class.getDeclaredField("broker");
      field.setAccessible(true);
      if (field.get(server) instanceof scala.Option<?> option && option.nonEmpty()
          && option.get() instanceof BrokerServer broker) {
        return Optional.of(broker);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      log.debug("No access to the broker of KafkaRaftServer; its controlled shutdown is unbounded", e);
    }
    return Optional.empty();
  }
}
