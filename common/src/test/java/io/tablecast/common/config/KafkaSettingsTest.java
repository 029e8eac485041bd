package io.tablecast.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaSettingsTest {

  private static final String EVENT_HUBS = "contoso.servicebus.windows.net:9093";

  @Test
  void aBrokerOnThisMachineIsReachedInPlainTextWithoutAsking() {
    KafkaSettings kafka = KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "localhost:9092,127.0.0.1:9093")));

    assertThat(kafka.connection()).containsExactly(Map.entry("security.protocol", "PLAINTEXT"));
    assertThat(kafka).hasToString("Kafka localhost:9092,127.0.0.1:9093 (PLAINTEXT)");
  }

  @Test
  void aRemoteBrokerIsReachedInPlainTextOnlyWhenAskedFor() {
    assertThatThrownBy(() -> KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "kafka:9092"))))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Kafka at kafka:9092 would be reached in plain text: set TABLECAST_KAFKA_SECURITY_PROTOCOL to SASL_SSL or SSL"
            + " with their settings (README, Kafka connection), or to PLAINTEXT to accept plain text on purpose");

    KafkaSettings asked = KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "kafka:9092",
        "TABLECAST_KAFKA_SECURITY_PROTOCOL", "plaintext")));
    assertThat(asked.connection()).containsEntry("security.protocol", "PLAINTEXT");
  }

  @Test
  void aSaslLoginGoesOverTlsWithItsSecretQuotedAndNeverShown() {
    KafkaSettings kafka = KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", EVENT_HUBS,
        "TABLECAST_KAFKA_SASL_MECHANISM", "plain", "TABLECAST_KAFKA_SASL_USERNAME", "$ConnectionString",
        "TABLECAST_KAFKA_SASL_PASSWORD", "Endpoint=sb://contoso/;SharedAccessKey=a\"b\\c")));

    assertThat(kafka.connection()).containsEntry("security.protocol", "SASL_SSL").containsEntry("sasl.mechanism", "PLAIN")
        .containsEntry("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required"
            + " username=\"$ConnectionString\" password=\"Endpoint=sb://contoso/;SharedAccessKey=a\\\"b\\\\c\";");
    assertThat(kafka.toString()).isEqualTo("Kafka " + EVENT_HUBS + " (SASL_SSL PLAIN)").doesNotContain("SharedAccessKey");
  }

  @Test
  void scramTakesItsOwnLoginModule() {
    KafkaSettings kafka = KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "broker:9096",
        "TABLECAST_KAFKA_SASL_MECHANISM", "SCRAM-SHA-512", "TABLECAST_KAFKA_SASL_USERNAME", "u", "TABLECAST_KAFKA_SASL_PASSWORD", "p")));

    assertThat(kafka.connection().get("sasl.jaas.config")).startsWith("org.apache.kafka.common.security.scram.ScramLoginModule required");
  }

  @Test
  void entraIdTokensAreForTheNamespaceOfTheFirstBootstrapServerUnlessAScopeIsGiven() {
    Map<String, String> env = new HashMap<>(Map.of("TABLECAST_KAFKA_BOOTSTRAP", EVENT_HUBS,
        "TABLECAST_KAFKA_SASL_MECHANISM", "OAUTHBEARER"));

    assertThat(KafkaSettings.fromEnv(Env.of(env)).connection()).containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.login.callback.handler.class", "io.tablecast.common.kafka.EntraIdKafkaLogin")
        .containsEntry("sasl.jaas.config", "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required"
            + " scope=\"https://contoso.servicebus.windows.net/.default\";");
    env.put("TABLECAST_KAFKA_OAUTH_SCOPE", "api://kafka/.default");
    assertThat(KafkaSettings.fromEnv(Env.of(env)).connection().get("sasl.jaas.config")).contains("scope=\"api://kafka/.default\"");
  }

  @Test
  void refusesSettingsThatContradictEachOther(@TempDir Path dir) throws IOException {
    Path truststore = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----");
    assertThatThrownBy(() -> KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_SECURITY_PROTOCOL", "SSL",
        "TABLECAST_KAFKA_SASL_MECHANISM", "PLAIN", "TABLECAST_KAFKA_SASL_USERNAME", "u", "TABLECAST_KAFKA_SASL_PASSWORD", "p"))))
        .hasMessageStartingWith("TABLECAST_KAFKA_SASL_MECHANISM needs a SASL protocol");
    assertThatThrownBy(() -> KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_SASL_USERNAME", "u"))))
        .hasMessageContaining("TABLECAST_KAFKA_SASL_MECHANISM is not");
    assertThatThrownBy(() -> KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_SASL_MECHANISM", "PLAIN",
        "TABLECAST_KAFKA_SASL_USERNAME", "u")))).hasMessage("TABLECAST_KAFKA_SASL_MECHANISM is PLAIN: set TABLECAST_KAFKA_SASL_PASSWORD");
    assertThatThrownBy(() -> KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_SECURITY_PROTOCOL", "PLAINTEXT",
        "TABLECAST_KAFKA_TRUSTSTORE", truststore.toString())))).hasMessageContaining("without TLS");
    assertThatThrownBy(() -> KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_SECURITY_PROTOCOL", "SASL_SSL"))))
        .hasMessageContaining("no SASL login is configured");
    assertThatThrownBy(() -> KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_SECURITY_PROTOCOL", "TLS"))))
        .hasMessage("TABLECAST_KAFKA_SECURITY_PROTOCOL must be one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL, was 'TLS'");
    assertThatThrownBy(() -> KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_TRUSTSTORE", dir.resolve("missing.p12").toString()))))
        .hasMessageContaining("TABLECAST_KAFKA_TRUSTSTORE names").hasMessageContaining("cannot be read");
  }

  @Test
  void storesTakeTheirTypeFromTheirNameAndImplyTls(@TempDir Path dir) throws IOException {
    Path ca = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----");
    Path client = Files.write(dir.resolve("client.p12"), new byte[] {1});

    KafkaSettings kafka = KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "broker:9093",
        "TABLECAST_KAFKA_TRUSTSTORE", ca.toString(), "TABLECAST_KAFKA_TRUSTSTORE_PASSWORD", "ignored for PEM",
        "TABLECAST_KAFKA_KEYSTORE", client.toString(), "TABLECAST_KAFKA_KEYSTORE_PASSWORD", "k")));

    assertThat(kafka.connection()).containsEntry("security.protocol", "SSL")
        .containsEntry("ssl.truststore.location", ca.toString()).containsEntry("ssl.truststore.type", "PEM")
        .doesNotContainKey("ssl.truststore.password")
        .containsEntry("ssl.keystore.location", client.toString()).containsEntry("ssl.keystore.type", "PKCS12")
        .containsEntry("ssl.keystore.password", "k").containsEntry("ssl.key.password", "k");
  }

  @Test
  void aPropertiesFilePassesAnyClientPropertyThroughAndTheVariablesWin(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("client.properties"), """
        security.protocol=SASL_PLAINTEXT
        sasl.mechanism=SCRAM-SHA-256
        sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="a" password="b";
        client.dns.lookup=use_all_dns_ips
        """);
    Map<String, String> env = new HashMap<>(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "broker:9092",
        "TABLECAST_KAFKA_PROPERTIES", file.toString()));

    assertThat(KafkaSettings.fromEnv(Env.of(env)).connection()).as("the file's protocol is asked for: no plain-text refusal")
        .containsEntry("security.protocol", "SASL_PLAINTEXT").containsEntry("client.dns.lookup", "use_all_dns_ips")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-256");
    env.putAll(Map.of("TABLECAST_KAFKA_SASL_MECHANISM", "PLAIN", "TABLECAST_KAFKA_SASL_USERNAME", "u", "TABLECAST_KAFKA_SASL_PASSWORD", "p",
        "TABLECAST_KAFKA_SECURITY_PROTOCOL", "SASL_SSL"));
    assertThat(KafkaSettings.fromEnv(Env.of(env)).connection()).containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "PLAIN").containsEntry("client.dns.lookup", "use_all_dns_ips");
  }

  @Test
  void aProtocolFromThePropertiesFileIsReadInAnyCaseAsKafkaReadsIt(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("client.properties"), "security.protocol=sasl_ssl\n");

    assertThat(KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "broker:9093", "TABLECAST_KAFKA_PROPERTIES",
        file.toString(), "TABLECAST_KAFKA_SASL_MECHANISM", "PLAIN", "TABLECAST_KAFKA_SASL_USERNAME", "u",
        "TABLECAST_KAFKA_SASL_PASSWORD", "p"))).connection()).containsEntry("security.protocol", "SASL_SSL");
  }

  @Test
  void aClientsOwnPropertiesWinOverTheConnectionsAndTheBootstrapServersAreTheSettings() {
    KafkaSettings kafka = new KafkaSettings("127.0.0.1:9092", KafkaSettings.Topics.of(3),
        Map.of("bootstrap.servers", "elsewhere:1", "isolation.level", "read_uncommitted", "client.dns.lookup", "use_all_dns_ips"));

    assertThat(kafka.client(Map.of("isolation.level", "read_committed"))).containsEntry("bootstrap.servers", "127.0.0.1:9092")
        .containsEntry("isolation.level", "read_committed").containsEntry("client.dns.lookup", "use_all_dns_ips");
  }
}
