package io.tablecast.common.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The Kafka client properties of a connection, read from the environment (README, "Kafka
 * connection"): a properties file passed through as it is ({@code TABLECAST_KAFKA_PROPERTIES}),
 * then TLS ({@code TABLECAST_KAFKA_TRUSTSTORE}, {@code TABLECAST_KAFKA_KEYSTORE}), SASL ({@code
 * TABLECAST_KAFKA_SASL_MECHANISM}: PLAIN, SCRAM, or OAUTHBEARER with Microsoft Entra ID tokens)
 * and the security protocol, which the variables win over the file for.
 *
 * <p>The protocol follows from what is set (SASL over TLS with a mechanism, TLS with a store)
 * unless {@code TABLECAST_KAFKA_SECURITY_PROTOCOL} says it. A connection without TLS to a broker
 * off this machine must be asked for ({@code PLAINTEXT} or {@code SASL_PLAINTEXT}, in the variable
 * or the file): a service never reaches a remote Kafka in plain text by default.
 */
final class KafkaConnection {

  static final String PROTOCOL = "TABLECAST_KAFKA_SECURITY_PROTOCOL";
  static final String MECHANISM = "TABLECAST_KAFKA_SASL_MECHANISM";
  static final String USERNAME = "TABLECAST_KAFKA_SASL_USERNAME";
  static final String PASSWORD = "TABLECAST_KAFKA_SASL_PASSWORD";
  static final String SCOPE = "TABLECAST_KAFKA_OAUTH_SCOPE";
  static final String PROPERTIES = "TABLECAST_KAFKA_PROPERTIES";
  static final String TRUSTSTORE = "TABLECAST_KAFKA_TRUSTSTORE";
  static final String KEYSTORE = "TABLECAST_KAFKA_KEYSTORE";
  /** The class Kafka asks for Entra ID tokens (OAUTHBEARER); named, as Kafka's configuration names classes. */
  static final String ENTRA_ID_LOGIN = "io.tablecast.common.kafka.EntraIdKafkaLogin";

  private static final List<String> PROTOCOLS = List.of("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL");
  private static final List<String> MECHANISMS = List.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER");

  private KafkaConnection() {}

  static Map<String, String> fromEnv(Env env, String bootstrapServers) {
    Map<String, String> config = new HashMap<>(propertiesFile(env));
    config.putAll(tls(env));
    config.putAll(sasl(env, bootstrapServers));
    Optional<String> asked = env.optional(PROTOCOL).map(p -> env.choice(PROTOCOL, p, PROTOCOLS))
        .or(() -> Optional.ofNullable(config.get("security.protocol")).map(p -> p.toUpperCase(Locale.ROOT)));
    String protocol = asked.orElse(config.containsKey("sasl.mechanism") ? "SASL_SSL"
        : config.containsKey("ssl.truststore.location") || config.containsKey("ssl.keystore.location") ? "SSL" : "PLAINTEXT");
    config.put("security.protocol", protocol);
    check(env, protocol, asked.isPresent(), config, bootstrapServers);
    return config;
  }

  private static void check(Env env, String protocol, boolean asked, Map<String, String> config, String bootstrapServers) {
    boolean sasl = protocol.startsWith("SASL_");
    boolean tls = protocol.endsWith("SSL");
    if (env.optional(MECHANISM).isPresent() && !sasl) {
      throw new ConfigException(MECHANISM + " needs a SASL protocol, but " + PROTOCOL + " is " + protocol + " (SASL_SSL, most likely)");
    }
    if (sasl && !config.containsKey("sasl.jaas.config")) {
      throw new ConfigException(PROTOCOL + " is " + protocol + " but no SASL login is configured: set " + MECHANISM
          + " (and its credentials), or sasl.mechanism and sasl.jaas.config in " + PROPERTIES);
    }
    if (!tls && (env.optional(TRUSTSTORE).isPresent() || env.optional(KEYSTORE).isPresent())) {
      throw new ConfigException(TRUSTSTORE + " or " + KEYSTORE + " is set, but " + PROTOCOL + " is " + protocol + ", without TLS");
    }
    if (!tls && !asked && !Arrays.stream(bootstrapServers.split(",")).map(KafkaConnection::host).allMatch(Loopback::host)) {
      throw new ConfigException("Kafka at " + bootstrapServers + " would be reached in plain text: set " + PROTOCOL
          + " to SASL_SSL or SSL with their settings (README, Kafka connection), or to PLAINTEXT to accept plain text on purpose");
    }
  }

  private static Map<String, String> sasl(Env env, String bootstrapServers) {
    Optional<String> mechanism = env.optional(MECHANISM).map(m -> env.choice(MECHANISM, m, MECHANISMS));
    Optional<String> username = env.optional(USERNAME);
    Optional<String> password = env.optional(PASSWORD);
    if (mechanism.isEmpty()) {
      if (username.isPresent() || password.isPresent()) {
        throw new ConfigException(USERNAME + " or " + PASSWORD + " is set, but " + MECHANISM + " is not (PLAIN, SCRAM-SHA-256, ...)");
      }
      return Map.of();
    }
    if (mechanism.get().equals("OAUTHBEARER")) {
      if (username.isPresent() || password.isPresent()) {
        throw new ConfigException(MECHANISM + " is OAUTHBEARER, whose tokens come from Microsoft Entra ID: unset " + USERNAME + " and "
            + PASSWORD);
      }
      String scope = env.string(SCOPE, "https://" + host(bootstrapServers.split(",")[0]) + "/.default");
      return Map.of("sasl.mechanism", "OAUTHBEARER", "sasl.login.callback.handler.class", ENTRA_ID_LOGIN,
          "sasl.jaas.config", "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required scope=" + quoted(scope) + ";");
    }
    String user = username.orElseThrow(() -> new ConfigException(MECHANISM + " is " + mechanism.get() + ": set " + USERNAME));
    String secret = password.orElseThrow(() -> new ConfigException(MECHANISM + " is " + mechanism.get() + ": set " + PASSWORD));
    String module = mechanism.get().equals("PLAIN") ? "org.apache.kafka.common.security.plain.PlainLoginModule"
        : "org.apache.kafka.common.security.scram.ScramLoginModule";
    return Map.of("sasl.mechanism", mechanism.get(),
        "sasl.jaas.config", module + " required username=" + quoted(user) + " password=" + quoted(secret) + ";");
  }

  private static Map<String, String> tls(Env env) {
    Map<String, String> config = new HashMap<>();
    store(env, TRUSTSTORE, "ssl.truststore", config);
    store(env, KEYSTORE, "ssl.keystore", config);
    env.optional(KEYSTORE + "_PASSWORD").filter(p -> env.optional(KEYSTORE).isPresent()).ifPresent(p -> config.put("ssl.key.password", p));
    return config;
  }

  /** A trust or key store: PEM by its extension ({@code .pem}, {@code .crt}), JKS ({@code .jks}), else PKCS12. */
  private static void store(Env env, String name, String prefix, Map<String, String> config) {
    Optional<String> location = env.optional(name);
    if (location.isEmpty()) {
      return;
    }
    Path file = Path.of(location.get());
    if (!Files.isReadable(file)) {
      throw new ConfigException(name + " names " + file + ", which cannot be read");
    }
    String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
    String type = lower.endsWith(".pem") || lower.endsWith(".crt") ? "PEM" : lower.endsWith(".jks") ? "JKS" : "PKCS12";
    config.put(prefix + ".location", file.toAbsolutePath().toString());
    config.put(prefix + ".type", type);
    env.optional(name + "_PASSWORD").filter(p -> !type.equals("PEM")).ifPresent(p -> config.put(prefix + ".password", p));
  }

  private static Map<String, String> propertiesFile(Env env) {
    Optional<String> location = env.optional(PROPERTIES);
    if (location.isEmpty()) {
      return Map.of();
    }
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(Path.of(location.get()), StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException(PROPERTIES + " names " + location.get() + ", which cannot be read as Kafka client properties: " + e);
    }
    Map<String, String> config = new HashMap<>();
    properties.stringPropertyNames().forEach(name -> config.put(name, properties.getProperty(name).strip()));
    return config;
  }

  /** The host of {@code host:port}, {@code [v6]:port} or a bare host. */
  private static String host(String server) {
    String s = server.strip();
    if (s.startsWith("[")) {
      return s.substring(0, s.indexOf(']') + 1);
    }
    int colon = s.lastIndexOf(':');
    return colon < 0 ? s : s.substring(0, colon);
  }

  /** A JAAS option value: quoted, its backslashes and quotes escaped. */
  private static String quoted(String value) {
    return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
