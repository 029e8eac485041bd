package io.tablecast.devmode;

import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.embedded.EmbeddedKafka.SaslSslListener;
import io.tablecast.embedded.SelfSignedKeystore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * With {@code --kafka-sasl-ssl}: the broker's listener for clients that log in over TLS, as
 * production brokers take them, and the Kafka client properties that reach it, in {@code
 * <data-dir>/kafka-tls/client.properties} (readable by its owner only), for dev mode's own
 * services and for any client the user runs ({@code TABLECAST_KAFKA_PROPERTIES}). The certificate
 * and the password are made at each start.
 *
 * @param listener the broker's SASL_SSL listener
 * @param clientProperties the file of the properties that reach it
 */
record DevKafkaLogin(SaslSslListener listener, Path clientProperties) {

  private static final String USER = "tablecast";

  static DevKafkaLogin create(Path dataDir, int port) {
    Path dir = dataDir.resolve("kafka-tls");
    try {
      // Made anew at each start: keytool adds to a keystore it finds, and the certificate lasts two days.
      Files.deleteIfExists(dir.resolve("server.p12"));
      HttpSettings.Keystore keystore = SelfSignedKeystore.create(dir);
      byte[] secret = new byte[24];
      new SecureRandom().nextBytes(secret);
      String password = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
      Path properties = ownerOnly(dir.resolve("client.properties"));
      Files.write(properties, List.of(
          "# Dev mode's Kafka over SASL_SSL at 127.0.0.1:" + port + ", made at its start: TABLECAST_KAFKA_PROPERTIES=" + properties,
          "security.protocol=SASL_SSL",
          "sasl.mechanism=PLAIN",
          "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + USER + "\" password=\""
              + password + "\";",
          "ssl.truststore.location=" + keystore.path(),
          "ssl.truststore.type=" + HttpSettings.Keystore.TYPE,
          "ssl.truststore.password=" + keystore.password()));
      return new DevKafkaLogin(new SaslSslListener(port, keystore, Map.of(USER, password)), properties);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not make dev mode's Kafka login in " + dir, e);
    }
  }

  /** {@code 127.0.0.1:<port>} of the listener. */
  String bootstrapServers() {
    return "127.0.0.1:" + listener.port();
  }

  /** The settings of a client that reaches the broker this way, read as a service reads its variables. */
  KafkaSettings settings() {
    return KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", bootstrapServers(),
        "TABLECAST_KAFKA_PROPERTIES", clientProperties.toString())));
  }

  /** {@code file}, made anew, empty and readable by its owner only, before the secret goes in. */
  private static Path ownerOnly(Path file) throws IOException {
    Files.deleteIfExists(file);
    try {
      return Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      return file; // not a POSIX file system: the data directory's own permissions guard it
    }
  }
}
