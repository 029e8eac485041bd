package io.tablecast.commands;

import io.tablecast.common.config.AuthSettings;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.ConsistencyTokens;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Configuration of the commands deployable, read once in {@code main}.
 *
 * @param stateDir {@code TABLECAST_STATE_DIR}: where Kafka Streams keeps its state stores
 * @param commandTimeout {@code TABLECAST_COMMAND_TIMEOUT}, default 10 s: how long a request waits
 *     for the processor's decision before answering 503
 * @param instanceId {@code TABLECAST_INSTANCE_ID}, default the host name: this instance's static
 *     membership in the processor's consumer group, so that a restart takes its tasks back at once.
 *     Every running instance needs its own, stable across restarts.
 * @param auth who may send commands: bearer tokens granting {@code commands.write}; empty (every
 *     request accepted) only with {@code TABLECAST_AUTH=off} ({@link AuthSettings#required})
 * @param consistencyTokens how the answers' consistency tokens are signed ({@code TABLECAST_CONSISTENCY_KEY})
 */
public record CommandsConfig(
    Namespace namespace,
    KafkaSettings kafka,
    HttpSettings http,
    Path stateDir,
    Duration commandTimeout,
    String instanceId,
    Optional<AuthSettings> auth,
    ConsistencyTokens consistencyTokens) {

  public static final int DEFAULT_PORT = 8081;

  /** Without authentication. */
  public CommandsConfig(Namespace namespace, KafkaSettings kafka, HttpSettings http, Path stateDir, Duration commandTimeout,
      String instanceId) {
    this(namespace, kafka, http, stateDir, commandTimeout, instanceId, Optional.empty(), ConsistencyTokens.UNSIGNED);
  }

  public CommandsConfig withAuth(AuthSettings settings) {
    return new CommandsConfig(namespace, kafka, http, stateDir, commandTimeout, instanceId, Optional.of(settings), consistencyTokens);
  }

  public CommandsConfig withConsistencyTokens(ConsistencyTokens tokens) {
    return new CommandsConfig(namespace, kafka, http, stateDir, commandTimeout, instanceId, auth, tokens);
  }

  public static CommandsConfig fromEnv(Env env) {
    return new CommandsConfig(
        env.namespace(),
        KafkaSettings.fromEnv(env),
        HttpSettings.fromEnv(env, "TABLECAST_COMMANDS_PORT", DEFAULT_PORT),
        Path.of(env.string("TABLECAST_STATE_DIR", Path.of(System.getProperty("java.io.tmpdir"), "tablecast-streams").toString())),
        env.duration("TABLECAST_COMMAND_TIMEOUT", Duration.ofSeconds(10)),
        env.string("TABLECAST_INSTANCE_ID", hostName()),
        AuthSettings.required(env),
        ConsistencyTokens.fromEnv(env));
  }

  private static String hostName() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      return "tablecast-commands";
    }
  }
}
