package io.tablecast.common.config;

/**
 * How to reach Kafka, and how many partitions the Tablecast topics get when a service creates
 * them.
 *
 * @param bootstrapServers {@code TABLECAST_KAFKA_BOOTSTRAP}, default {@code 127.0.0.1:9092}
 * @param partitions {@code TABLECAST_PARTITIONS}, default 3: the partitions of each topic created
 *     at start-up; existing topics keep theirs
 */
public record KafkaSettings(String bootstrapServers, int partitions) {

  public static final String DEFAULT_BOOTSTRAP = "127.0.0.1:9092";

  public KafkaSettings {
    if (bootstrapServers == null || bootstrapServers.isBlank()) {
      throw new IllegalArgumentException("'bootstrapServers' cannot be blank.");
    }
    if (partitions < 1) {
      throw new IllegalArgumentException("'partitions' must be at least 1, was " + partitions);
    }
  }

  public static KafkaSettings fromEnv(Env env) {
    return new KafkaSettings(
        env.string("TABLECAST_KAFKA_BOOTSTRAP", DEFAULT_BOOTSTRAP),
        env.integer("TABLECAST_PARTITIONS", 3, 1, 1000));
  }
}
