package io.tablecast.common.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How to reach Kafka, and how many partitions the Tablecast topics get when a service creates
 * them.
 *
 * @param bootstrapServers {@code TABLECAST_KAFKA_BOOTSTRAP}, default {@code 127.0.0.1:9092}
 * @param partitions {@code TABLECAST_PARTITIONS}, default 3: the partitions of each topic created
 *     at start-up; existing topics keep theirs
 * @param connection the Kafka client properties every client of the process gets: the
 *     connection's security (TLS, SASL) and any property passed through ({@link KafkaConnection});
 *     empty for a plain connection
 */
public record KafkaSettings(String bootstrapServers, int partitions, Map<String, String> connection) {

  public static final String DEFAULT_BOOTSTRAP = "127.0.0.1:9092";

  public KafkaSettings {
    if (bootstrapServers == null || bootstrapServers.isBlank()) {
      throw new IllegalArgumentException("'bootstrapServers' cannot be blank.");
    }
    if (partitions < 1) {
      throw new IllegalArgumentException("'partitions' must be at least 1, was " + partitions);
    }
    connection = Map.copyOf(Objects.requireNonNull(connection, "'connection' cannot be null."));
  }

  /** A plain connection, as to the embedded broker. */
  public KafkaSettings(String bootstrapServers, int partitions) {
    this(bootstrapServers, partitions, Map.of());
  }

  public static KafkaSettings fromEnv(Env env) {
    String bootstrap = env.string("TABLECAST_KAFKA_BOOTSTRAP", DEFAULT_BOOTSTRAP);
    return new KafkaSettings(bootstrap, env.integer("TABLECAST_PARTITIONS", 3, 1, 1000), KafkaConnection.fromEnv(env, bootstrap));
  }

  /**
   * A client's configuration: the bootstrap servers, the {@link #connection} and then the
   * client's {@code own} properties, which win, because each client sets only what its
   * guarantees rest on (isolation level, idempotence, its group).
   */
  public Map<String, Object> client(Map<String, ?> own) {
    Map<String, Object> config = new HashMap<>(connection);
    config.put("bootstrap.servers", bootstrapServers);
    config.putAll(own);
    return config;
  }

  /** The bootstrap servers and the connection's protocol and mechanism; never a secret. */
  @Override
  public String toString() {
    return "Kafka " + bootstrapServers + " (" + connection.getOrDefault("security.protocol", "PLAINTEXT")
        + (connection.containsKey("sasl.mechanism") ? " " + connection.get("sasl.mechanism") : "") + ")";
  }
}
