package io.tablecast.devmode;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.views.ViewsConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The eight ports of dev mode, each its default plus {@code --port-offset}, all on 127.0.0.1, and
 * a ninth with {@code --kafka-sasl-ssl}. Validates itself: every port must be 1-65535.
 *
 * @param offset added to every default port
 * @param saslSsl whether Kafka also listens with SASL over TLS ({@link #kafkaSaslSsl})
 */
record DevPorts(int offset, boolean saslSsl) {

  /** A port, and what it is for, as a message names it. */
  record Named(int port, String purpose) {}

  private static final RuntimeOptions.Ports RUNTIME = RuntimeOptions.Ports.DEFAULTS;
  private static final List<Named> DEFAULTS = List.of(
      new Named(RUNTIME.kafka(), "Kafka"),
      new Named(RUNTIME.kafkaController(), "Kafka's controller"),
      new Named(RUNTIME.blob(), "Azurite blob"),
      new Named(RUNTIME.queue(), "Azurite queue"),
      new Named(RUNTIME.table(), "Azurite table"),
      new Named(CommandsConfig.DEFAULT_PORT, "commands service"),
      new Named(ViewsConfig.DEFAULT_PORT, "views service"),
      new Named(ProjectorConfig.DEFAULT_PORT, "projector service"));
  private static final Named SASL_SSL = new Named(9094, "Kafka over SASL_SSL");
  /** How far apart the offsets are that a refusal suggests. */
  private static final int SUGGESTION_STEP = 1000;

  DevPorts {
    for (Named port : defaults(saslSsl)) {
      int moved = port.port() + offset;
      if (moved < 1 || moved > 65535) {
        throw new StartRefused("--port-offset " + offset + " moves port " + port.port() + " (" + port.purpose()
            + ") to " + moved + ", outside 1-65535.");
      }
    }
  }

  DevPorts(int offset) {
    this(offset, false);
  }

  private static List<Named> defaults(boolean saslSsl) {
    return saslSsl ? Stream.concat(DEFAULTS.stream(), Stream.of(SASL_SSL)).toList() : DEFAULTS;
  }

  List<Named> all() {
    return defaults(saslSsl).stream().map(p -> new Named(p.port() + offset, p.purpose())).toList();
  }

  /** Kafka's SASL_SSL listener, with {@code --kafka-sasl-ssl}. */
  int kafkaSaslSsl() {
    return SASL_SSL.port() + offset;
  }

  RuntimeOptions.Ports runtime() {
    return new RuntimeOptions.Ports(RUNTIME.kafka() + offset, RUNTIME.kafkaController() + offset,
        RUNTIME.blob() + offset, RUNTIME.queue() + offset, RUNTIME.table() + offset);
  }

  int commands() {
    return CommandsConfig.DEFAULT_PORT + offset;
  }

  int views() {
    return ViewsConfig.DEFAULT_PORT + offset;
  }

  int projector() {
    return ProjectorConfig.DEFAULT_PORT + offset;
  }

  /**
   * Returns if every port can be bound on 127.0.0.1 right now; else throws {@link StartRefused}
   * naming each taken port and what it is for, with an offset at which all are free.
   */
  void checkFree() {
    List<Named> taken = all().stream().filter(p -> !canBind(p.port())).toList();
    if (taken.isEmpty()) {
      return;
    }
    String ports = taken.stream().map(p -> p.port() + " (" + p.purpose() + ")").collect(Collectors.joining(", "));
    String hint = freeOffset().map(o -> "--port-offset " + o + " (free now)").orElse("--port-offset N");
    throw new StartRefused((taken.size() == 1 ? "Port " + ports + " is" : "Ports " + ports + " are")
        + " already in use on 127.0.0.1; stop what uses it, or move every dev-mode port with " + hint + ".");
  }

  private Optional<Integer> freeOffset() {
    return IntStream.rangeClosed(1, 20).map(step -> offset + step * SUGGESTION_STEP)
        .filter(candidate -> defaults(saslSsl).stream().allMatch(p -> p.port() + candidate <= 65535))
        .filter(candidate -> new DevPorts(candidate, saslSsl).all().stream().allMatch(p -> canBind(p.port())))
        .boxed().findFirst();
  }

  private static boolean canBind(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress("127.0.0.1", port), 1);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
