package io.tablecast.embedded;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How to start an {@link EmbeddedRuntime}: where its data lives and which ports it listens on.
 *
 * <p>The data directory holds {@code kafka/} (the broker's log dir, formatted once) and {@code
 * azurite/} (Azurite's disk persistence and its log file). Starting again on the same directory
 * with the same ports finds the same topics, offsets, tables and queues.
 *
 * @param dataDir the runtime's data directory, created if absent
 * @param ports the five ports, all on 127.0.0.1
 * @param azurite where Azurite keeps its data; {@link Azurite.Persistence#DISK} unless a benchmark
 *     asks otherwise
 * @param kafkaSaslSsl a listener of the broker's for clients that log in over TLS, if wanted
 */
public record RuntimeOptions(Path dataDir, Ports ports, Azurite.Persistence azurite, Optional<EmbeddedKafka.SaslSslListener> kafkaSaslSsl) {

  public RuntimeOptions {
    Objects.requireNonNull(dataDir, "'dataDir' cannot be null.");
    Objects.requireNonNull(ports, "'ports' cannot be null.");
    Objects.requireNonNull(azurite, "'azurite' cannot be null.");
    Objects.requireNonNull(kafkaSaslSsl, "'kafkaSaslSsl' cannot be null.");
    dataDir = dataDir.toAbsolutePath().normalize();
  }

  public RuntimeOptions(Path dataDir, Ports ports) {
    this(dataDir, ports, Azurite.Persistence.DISK, Optional.empty());
  }

  /** The same options with Azurite's data in memory only: nothing survives a restart. */
  public RuntimeOptions azuriteInMemory() {
    return new RuntimeOptions(dataDir, ports, Azurite.Persistence.MEMORY, kafkaSaslSsl);
  }

  /** The same options with the broker's {@code listener} too. */
  public RuntimeOptions withKafkaSaslSsl(EmbeddedKafka.SaslSslListener listener) {
    return new RuntimeOptions(dataDir, ports, azurite, Optional.of(listener));
  }

  /** Dev mode: the well-known ports ({@link Ports#DEFAULTS}). */
  public static RuntimeOptions defaults(Path dataDir) {
    return new RuntimeOptions(dataDir, Ports.DEFAULTS);
  }

  /** Tests: five ports that are free right now on 127.0.0.1. */
  public static RuntimeOptions freePorts(Path dataDir) {
    return new RuntimeOptions(dataDir, Ports.free());
  }

  public Path kafkaDir() {
    return dataDir.resolve("kafka");
  }

  public Path azuriteDir() {
    return dataDir.resolve("azurite");
  }

  /**
   * The ports of the embedded runtime, all bound to 127.0.0.1 only.
   *
   * <p>KRaft needs its controller port up front ({@code controller.quorum.voters}), so port 0
   * ("any") cannot be used: {@link #free()} asks the OS for ports that are free now, which leaves a
   * small window in which another process may take one; start promptly after choosing.
   *
   * @param kafka the broker's PLAINTEXT listener (clients' bootstrap servers)
   * @param kafkaController the KRaft controller listener
   * @param blob Azurite's blob endpoint (unused by Tablecast, but Azurite always serves it)
   * @param queue Azurite's queue endpoint
   * @param table Azurite's table endpoint
   */
  public record Ports(int kafka, int kafkaController, int blob, int queue, int table) {

    /** Kafka 9092/9093 and Azurite's defaults 10000/10001/10002. */
    public static final Ports DEFAULTS = new Ports(9092, 9093, 10000, 10001, 10002);

    public Ports {
      int[] all = {kafka, kafkaController, blob, queue, table};
      for (int port : all) {
        if (port < 1 || port > 65535) {
          throw new IllegalArgumentException("'ports' must be 1-65535, was " + port + ".");
        }
      }
      if (java.util.Arrays.stream(all).distinct().count() != all.length) {
        throw new IllegalArgumentException(
            "'ports' must be five distinct ports, were " + java.util.Arrays.toString(all) + ".");
      }
    }

    /** Five distinct ports that are free right now on 127.0.0.1. */
    public static Ports free() {
      int[] p = FreePorts.pick(5);
      return new Ports(p[0], p[1], p[2], p[3], p[4]);
    }
  }
}
