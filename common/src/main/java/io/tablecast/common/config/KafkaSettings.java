package io.tablecast.common.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to reach Kafka, and what the Tablecast topics get when a service creates them.
 *
 * @param bootstrapServers {@code TABLECAST_KAFKA_BOOTSTRAP}, default {@code 127.0.0.1:9092}
 * @param topics the topics a service creates ({@link Topics})
 * @param connection the Kafka client properties every client of the process gets: the
 *     connection's security (TLS, SASL) and any property passed through ({@link KafkaConnection});
 *     empty for a plain connection
 */
public record KafkaSettings(String bootstrapServers, Topics topics, Map<String, String> connection) {

  public static final String DEFAULT_BOOTSTRAP = "127.0.0.1:9092";

  public KafkaSettings {
    if (bootstrapServers == null || bootstrapServers.isBlank()) {
      throw new IllegalArgumentException("'bootstrapServers' cannot be blank.");
    }
    Objects.requireNonNull(topics, "'topics' cannot be null.");
    connection = Map.copyOf(Objects.requireNonNull(connection, "'connection' cannot be null."));
  }

  /** A plain connection, as to the embedded broker. */
  public KafkaSettings(String bootstrapServers, int partitions) {
    this(bootstrapServers, Topics.of(partitions), Map.of());
  }

  public static KafkaSettings fromEnv(Env env) {
    String bootstrap = env.string("TABLECAST_KAFKA_BOOTSTRAP", DEFAULT_BOOTSTRAP);
    return new KafkaSettings(bootstrap, Topics.fromEnv(env), KafkaConnection.fromEnv(env, bootstrap));
  }

  /** {@link Topics#partitions}. */
  public int partitions() {
    return topics.partitions();
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

  /**
   * What a topic gets when a service creates it because it is missing; an existing topic keeps
   * what it has.
   *
   * @param partitions {@code TABLECAST_PARTITIONS}, default 3
   * @param replicationFactor {@code TABLECAST_KAFKA_REPLICATION_FACTOR}; unset, the broker's
   *     {@code default.replication.factor}
   * @param minInsyncReplicas {@code TABLECAST_KAFKA_MIN_INSYNC_REPLICAS}; unset, the broker's
   * @param finiteRetention {@code TABLECAST_KAFKA_FINITE_RETENTION=true}: a topic kept for ever
   *     (the events, the dead letters) may have a retention that deletes records, as on a Kafka
   *     that cannot keep them for ever; a service then warns instead of refusing to start
   */
  public record Topics(int partitions, Optional<Short> replicationFactor, Optional<Integer> minInsyncReplicas, boolean finiteRetention) {

    public Topics {
      if (partitions < 1) {
        throw new IllegalArgumentException("'partitions' must be at least 1, was " + partitions);
      }
      Objects.requireNonNull(replicationFactor, "'replicationFactor' cannot be null.");
      Objects.requireNonNull(minInsyncReplicas, "'minInsyncReplicas' cannot be null.");
    }

    /** {@code partitions}, and the broker's defaults for the rest. */
    public static Topics of(int partitions) {
      return new Topics(partitions, Optional.empty(), Optional.empty(), false);
    }

    static Topics fromEnv(Env env) {
      return new Topics(env.integer("TABLECAST_PARTITIONS", 3, 1, 1000),
          env.optional("TABLECAST_KAFKA_REPLICATION_FACTOR").map(v -> (short) env.integer("TABLECAST_KAFKA_REPLICATION_FACTOR", 1, 1, 32)),
          env.optional("TABLECAST_KAFKA_MIN_INSYNC_REPLICAS").map(v -> env.integer("TABLECAST_KAFKA_MIN_INSYNC_REPLICAS", 1, 1, 32)),
          env.flag("TABLECAST_KAFKA_FINITE_RETENTION", false));
    }
  }

  /** The bootstrap servers and the connection's protocol and mechanism; never a secret. */
  @Override
  public String toString() {
    return "Kafka " + bootstrapServers + " (" + connection.getOrDefault("security.protocol", "PLAINTEXT")
        + (connection.containsKey("sasl.mechanism") ? " " + connection.get("sasl.mechanism") : "") + ")";
  }
}
