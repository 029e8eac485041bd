package io.tablecast.embedded;

import io.tablecast.common.config.HttpSettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.errors.AuthenticationException;
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
 *       clients, CONTROLLER for KRaft), and on a third if asked, for clients that log in over TLS
 *       ({@link SaslSslListener}). {@link #start} returns once the broker serves clients.
 *   <li>Transactions work (Kafka Streams {@code exactly_once_v2} included): the internal topics
 *       have replication factor 1 and min ISR 1.
 *   <li>The data directory is formatted once, when it has no {@code meta.properties}. Starting
 *       again on the same directory and ports keeps the cluster id, topics, records and offsets.
 *   <li>Topics are never created implicitly ({@code auto.create.topics.enable=false}): a
 *       misspelt or un-namespaced topic name fails loudly instead of creating a stray topic.
 *       Create topics with the Admin client; Kafka Streams creates its internal topics itself.
 *   <li>New topics get 3 partitions unless the creator says otherwise, and keep their records for
 *       ever unless the topic says otherwise ({@code log.retention.ms=-1}), as the events must be.
 *   <li>It stops without a controlled shutdown: one node has no other broker to hand its
 *       leaders to, and Kafka's controlled shutdown can wait 5 minutes for a controller's approval.
 *       Its registration lives {@link #SESSION} without heartbeats, so a start after any stop, a
 *       {@code kill -9} included, waits at most that long for the old one to expire.
 *   <li>An idle broker rests. Its controller appends no no-op record to the metadata log (Kafka
 *       appends one every 500 ms by default, so that brokers behind other controllers can tell a
 *       stale metadata log from a quiet one; one node has no such broker, and each record cost an
 *       append, an fsync and a round of the metadata publishers). It runs the threads that a
 *       handful of clients need: each idle request handler, network thread and coordinator thread
 *       wakes several times a second, and Kafka's defaults for a cluster node ran 26 of them.
 * </ul>
 *
 * <p>The broker logs through SLF4J; tests quiet {@code kafka}, {@code org.apache.kafka} and
 * {@code state.change.logger} to WARN.
 */
public final class EmbeddedKafka implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedKafka.class);
  private static final int NODE_ID = 1;
  private static final String CONTROLLER_LISTENER = "CONTROLLER";
  /** How long the broker's registration outlives its last heartbeat (Kafka's default: 9 s). */
  static final Duration SESSION = Duration.ofSeconds(2);
  /** How long a step of the start that waits for the broker may take. */
  private static final Duration STARTUP = Duration.ofSeconds(30);
  private static final ScramMechanism SCRAM = ScramMechanism.SCRAM_SHA_512;
  /** Kafka's least (and default) number of SCRAM iterations. */
  private static final int SCRAM_ITERATIONS = 4096;

  private final Path dataDir;
  private final int port;
  private final Optional<SaslSslListener> secured;
  private final KafkaRaftServer server;
  private boolean closed;

  private EmbeddedKafka(Path dataDir, int port, Optional<SaslSslListener> secured, KafkaRaftServer server) {
    this.dataDir = dataDir;
    this.port = port;
    this.secured = secured;
    this.server = server;
  }

  /**
   * A second client listener, as production brokers have (Event Hubs, Confluent Cloud): SASL over
   * TLS, on {@code port} of 127.0.0.1, with the certificate of {@code keystore} (PKCS12) and the
   * PLAIN logins of {@code users} (name to password); with {@code scram}, their SCRAM-SHA-512
   * logins too.
   */
  public record SaslSslListener(int port, HttpSettings.Keystore keystore, Map<String, String> users, Optional<OAuthBearer> oauth,
      boolean scram) {

    /** A listener of PLAIN logins alone. */
    public SaslSslListener(int port, HttpSettings.Keystore keystore, Map<String, String> users) {
      this(port, keystore, users, Optional.empty(), false);
    }

    public SaslSslListener {
      Objects.requireNonNull(keystore, "'keystore' cannot be null.");
      users = Map.copyOf(users);
      if (users.isEmpty()) {
        throw new IllegalArgumentException("'users' cannot be empty.");
      }
    }

    /** This listener, taking OAUTHBEARER logins too, whose tokens {@code oauth} validates. */
    public SaslSslListener withOAuthBearer(OAuthBearer oauth) {
      return new SaslSslListener(port, keystore, users, Optional.of(oauth), scram);
    }

    /**
     * This listener, taking the users' SCRAM-SHA-512 logins too. Kafka keeps SCRAM credentials in
     * its metadata log, not in its configuration: {@link #start} stores them once the broker runs.
     */
    public SaslSslListener withScram() {
      return new SaslSslListener(port, keystore, users, oauth, true);
    }

    private void addTo(Properties p) {
      p.put("listeners", p.get("listeners") + ",SASL_SSL://127.0.0.1:" + port);
      p.put("advertised.listeners", p.get("advertised.listeners") + ",SASL_SSL://127.0.0.1:" + port);
      p.put("listener.security.protocol.map", p.get("listener.security.protocol.map") + ",SASL_SSL:SASL_SSL");
      List<String> mechanisms = new ArrayList<>(List.of("PLAIN"));
      if (scram) {
        mechanisms.add(SCRAM.mechanismName());
        p.put("listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required;");
      }
      oauth.ifPresent(validation -> {
        mechanisms.add("OAUTHBEARER");
        validation.addTo(p);
      });
      p.put("listener.name.sasl_ssl.sasl.enabled.mechanisms", String.join(",", mechanisms));
      p.put("listener.name.sasl_ssl.plain.sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required "
          + users.entrySet().stream().map(u -> "user_" + u.getKey() + "=\"" + u.getValue() + "\"").collect(Collectors.joining(" ")) + ";");
      p.put("listener.name.sasl_ssl.ssl.keystore.location", keystore.path().toString());
      p.put("listener.name.sasl_ssl.ssl.keystore.password", keystore.password());
      p.put("listener.name.sasl_ssl.ssl.key.password", keystore.password());
      p.put("listener.name.sasl_ssl.ssl.keystore.type", HttpSettings.Keystore.TYPE);
    }

    /**
     * Stores the users' SCRAM credentials through the broker's PLAINTEXT listener at {@code
     * plaintext}, then waits until the broker, which learns them from its metadata log a moment
     * after its controller stored them, takes a SCRAM login on this listener.
     */
    private void storeScramCredentials(String plaintext) {
      List<UserScramCredentialAlteration> credentials = users.entrySet().stream().<UserScramCredentialAlteration>map(
          user -> new UserScramCredentialUpsertion(user.getKey(), new ScramCredentialInfo(SCRAM, SCRAM_ITERATIONS), user.getValue()))
          .toList();
      try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, plaintext))) {
        admin.alterUserScramCredentials(credentials).all().get(STARTUP.toSeconds(), TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while storing SCRAM credentials", e);
      } catch (ExecutionException | TimeoutException e) {
        throw new IllegalStateException("Could not store the SCRAM credentials of " + users.keySet(), e);
      }
      Map.Entry<String, String> user = users.entrySet().iterator().next();
      long deadline = System.nanoTime() + STARTUP.toNanos();
      while (!scramLoginWorks(user.getKey(), user.getValue())) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("The broker took no SCRAM login of " + user.getKey() + " within " + STARTUP.toSeconds() + " s");
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("Interrupted while waiting for SCRAM logins", e);
        }
      }
    }

    /** Whether {@code name} logs in with SCRAM on this listener, trusting its own certificate. */
    private boolean scramLoginWorks(String name, String password) {
      Map<String, Object> client = Map.of(
          AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + port,
          AdminClientConfig.SECURITY_PROTOCOL_CONFIG, "SASL_SSL",
          SaslConfigs.SASL_MECHANISM, SCRAM.mechanismName(),
          SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + name
              + "\" password=\"" + password + "\";",
          SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG, keystore.path().toString(),
          SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG, keystore.password(),
          SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, HttpSettings.Keystore.TYPE);
      try (Admin admin = Admin.create(client)) {
        admin.describeCluster().clusterId().get(STARTUP.toSeconds(), TimeUnit.SECONDS);
        return true;
      } catch (ExecutionException e) {
        if (e.getCause() instanceof AuthenticationException) {
          return false;
        }
        throw new IllegalStateException("Could not log in with SCRAM on 127.0.0.1:" + port, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while logging in with SCRAM", e);
      } catch (TimeoutException e) {
        throw new IllegalStateException("Could not log in with SCRAM on 127.0.0.1:" + port, e);
      }
    }
  }

  /**
   * OAUTHBEARER logins as a broker that validates them takes them: each token's signature against
   * the issuer's published keys ({@code jwksUrl}, which Kafka must be allowed to fetch), its
   * {@code iss} and its {@code aud}.
   */
  public record OAuthBearer(String jwksUrl, String issuer, String audience) {

    /** The system property that lists the URLs a broker's or a client's OAUTHBEARER code may reach (Kafka 4). */
    static final String ALLOWED_URLS = "org.apache.kafka.sasl.oauthbearer.allowed.urls";

    private void addTo(Properties p) {
      String mechanism = "listener.name.sasl_ssl.oauthbearer.";
      p.put(mechanism + "sasl.server.callback.handler.class",
          "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler");
      p.put(mechanism + "sasl.jaas.config", "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;");
      String listener = "listener.name.sasl_ssl.";
      // Kafka 4.1's default validator checks no signature unless given a key resolver, which the
      // callback handler does not give it: the broker's validator is named.
      p.put(listener + "sasl.oauthbearer.jwt.validator.class", "org.apache.kafka.common.security.oauthbearer.BrokerJwtValidator");
      p.put(listener + "sasl.oauthbearer.jwks.endpoint.url", jwksUrl);
      p.put(listener + "sasl.oauthbearer.expected.issuer", issuer);
      p.put(listener + "sasl.oauthbearer.expected.audience", audience);
      synchronized (OAuthBearer.class) {
        String allowed = System.getProperty(ALLOWED_URLS, "");
        System.setProperty(ALLOWED_URLS, allowed.isEmpty() ? jwksUrl : allowed + "," + jwksUrl);
      }
    }
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
    return start(dataDir, port, controllerPort, Optional.empty());
  }

  /** As {@link #start(Path, int, int)}, with a {@link SaslSslListener} if {@code secured} has one. */
  public static EmbeddedKafka start(Path dataDir, int port, int controllerPort, Optional<SaslSslListener> secured) {
    Objects.requireNonNull(dataDir, "'dataDir' cannot be null.");
    Path dir = dataDir.toAbsolutePath().normalize();
    Properties props = brokerProperties(dir, port, controllerPort);
    secured.ifPresent(listener -> listener.addTo(props));
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
    EmbeddedKafka kafka = new EmbeddedKafka(dir, port, secured, server);
    try {
      secured.filter(SaslSslListener::scram).ifPresent(listener -> listener.storeScramCredentials(kafka.bootstrapServers()));
    } catch (RuntimeException e) {
      kafka.close();
      throw e;
    }
    return kafka;
  }

  /** The broker's configuration: single node, loopback only, small internal topics. */
  public static Properties brokerProperties(Path dataDir, int port, int controllerPort) {
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
    // Records are kept for ever unless a topic says otherwise, as the events must be: a data
    // directory older than the services' own retention settings keeps its events too.
    p.put("log.retention.ms", "-1");
    // Consumer groups (and Streams) join at once instead of waiting 3 s for more members.
    p.put("group.initial.rebalance.delay.ms", "0");
    // A dev box: the log cleaner's 128 MiB default buffer is far more than the few compacted
    // internal topics need.
    p.put("log.cleaner.dedupe.buffer.size", String.valueOf(16 * 1024 * 1024));
    // No controlled shutdown, and a short broker session: see the class comment.
    p.put("controlled.shutdown.enable", "false");
    p.put("broker.session.timeout.ms", String.valueOf(SESSION.toMillis()));
    p.put("broker.heartbeat.interval.ms", String.valueOf(SESSION.toMillis() / 4));
    // An idle broker rests (see the class comment): no no-op records in the metadata log, and
    // threads for a handful of clients, not Kafka's defaults for a cluster node (8 request
    // handlers per listener, 3 network threads per listener, 4 group coordinator threads).
    p.put("metadata.max.idle.interval.ms", "0");
    p.put("num.io.threads", "2");
    p.put("num.network.threads", "1");
    p.put("group.coordinator.threads", "1");
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

  /** {@code 127.0.0.1:<port>} of the {@link SaslSslListener}, if the broker has one. */
  public Optional<String> securedBootstrapServers() {
    return secured.map(listener -> "127.0.0.1:" + listener.port());
  }

  /** The PLAINTEXT (client) port on 127.0.0.1. */
  public int port() {
    return port;
  }

  /** The broker's log directory. */
  public Path dataDir() {
    return dataDir;
  }

  /**
   * Stops the broker, without a controlled shutdown, and waits until it has stopped (about 1 s).
   * The controller and the Raft client have no deadline of their own, so {@link EmbeddedRuntime}
   * bounds the whole stop. Idempotent.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    server.shutdown();
    server.awaitShutdown();
  }
}
