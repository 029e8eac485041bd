package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsMain;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.embedded.EmbeddedKafka;
import io.tablecast.embedded.EmbeddedKafka.SaslSslListener;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.FreePorts;
import io.tablecast.embedded.SelfSignedKeystore;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kafka as production runs it: a broker whose clients' listener takes SASL over TLS only (PLAIN
 * and SCRAM-SHA-512 logins, a certificate made for the test), the way Event Hubs and Confluent
 * Cloud are reached.
 * The services and the CLI, configured by the variables alone, work through it; a wrong password
 * or a certificate the client does not trust stops a service's start with one line.
 */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class SecuredKafkaIT {

  private static final Duration PROJECTION = Duration.ofSeconds(60);
  private static final Duration RUN = Duration.ofSeconds(90);
  private static final String USER = "tablecast-app";
  private static final String PASSWORD = "pw-" + UUID.randomUUID();

  @TempDir
  static Path brokerDir;
  private static EmbeddedKafka broker;

  @BeforeAll
  static void aBrokerWithASaslSslListener() {
    int[] ports = FreePorts.pick(3);
    SaslSslListener listener = new SaslSslListener(ports[2], SelfSignedKeystore.create(brokerDir.resolve("tls")), Map.of(USER, PASSWORD));
    broker = EmbeddedKafka.start(brokerDir.resolve("kafka"), ports[0], ports[1], Optional.of(listener.withScram()));
  }

  @AfterAll
  static void stop() {
    broker.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"PLAIN", "SCRAM-SHA-512"})
  void aHireTravelsThroughTheServicesAndVerifyFindsNoDifferenceOverSaslSsl(String mechanism, EmbeddedRuntime runtime,
      Namespace namespace, ChildJvms.Launcher jvms, @TempDir Path dir) {
    Map<String, String> kafkaEnv = secured(mechanism, PASSWORD, brokerDir.resolve("tls/server.p12"));
    assertThat(KafkaSettings.fromEnv(Env.of(kafkaEnv))).as("what a service logs of its connection")
        .hasToString("Kafka " + broker.securedBootstrapServers().orElseThrow() + " (SASL_SSL " + mechanism + ")");

    try (Pipeline pipeline = Pipeline.start(runtime, namespace, dir.resolve("streams"), kafkaEnv)) {
      assertThat(pipeline.commands().postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status())
          .isEqualTo(201);
      assertThat(pipeline.commands().postJson("/employees", """
          {"employeeId":"41","departmentId":"Ops","firstName":"Ada","lastName":"Ek","email":"ada@x.io","age":36}""").status())
          .isEqualTo(201);
      await().atMost(PROJECTION).until(() -> pipeline.views().get("/employees/41").status() == 200);

      ChildJvm verify = jvms.start(dir.resolve("verify.out"), pipeline.env(), TablecastCli.class, "verify");
      assertThat(verify.awaitExitCode(RUN)).as(verify.tail()).isZero();
      assertThat(String.join("\n", verify.output())).contains("0 difference(s)");
    }
  }

  @Test
  void aWrongPasswordStopsTheCommandsServiceAtStartWithOneLine(ChildJvms.Launcher jvms, @TempDir Path dir) {
    Map<String, String> env = new HashMap<>(secured("PLAIN", "not-" + PASSWORD, brokerDir.resolve("tls/server.p12")));
    env.putAll(Map.of("TABLECAST_AUTH", "off", "TABLECAST_COMMANDS_PORT", "0", "TABLECAST_STATE_DIR", dir.resolve("streams").toString()));

    ChildJvm commands = jvms.start(dir.resolve("commands.out"), env, CommandsMain.class);

    assertThat(commands.awaitExitCode(RUN)).as(commands.tail()).isEqualTo(1);
    assertThat(commands.output()).filteredOn(line -> line.contains("cannot start")).singleElement().asString()
        .contains("The commands cannot start: Kafka " + broker.securedBootstrapServers().orElseThrow()
            + " (SASL_SSL PLAIN) refused the SASL login")
        .doesNotContain(PASSWORD);
    assertThat(commands.output()).noneMatch(line -> line.startsWith("\tat ") || line.contains("Exception in thread"));
  }

  @Test
  void aCertificateTheClientDoesNotTrustStopsAServiceAtStart(Namespace namespace, @TempDir Path dir) {
    Path stranger = SelfSignedKeystore.create(dir.resolve("other-tls")).path();
    KafkaSettings kafka = KafkaSettings.fromEnv(Env.of(secured("PLAIN", PASSWORD, stranger)));
    CommandsConfig config = new CommandsConfig(namespace, kafka, new HttpSettings("127.0.0.1", 0), dir.resolve("streams"),
        Duration.ofSeconds(20), "it-" + namespace.prefix());

    assertThatThrownBy(() -> CommandsService.start(config).close()).isInstanceOf(ConfigException.class)
        .hasMessageContaining("could not be trusted; TABLECAST_KAFKA_TRUSTSTORE");
  }

  @ParameterizedTest
  @ValueSource(strings = {"PLAIN", "SCRAM-SHA-512"})
  void aWrongPasswordStopsTheViewsAtStart(String mechanism, EmbeddedRuntime runtime, Namespace namespace) {
    KafkaSettings kafka = KafkaSettings.fromEnv(Env.of(secured(mechanism, "not-" + PASSWORD, brokerDir.resolve("tls/server.p12"))));
    ViewsConfig config = ViewsConfig.of(namespace, StorageSettings.ofConnectionString(runtime.storageConnectionString()), kafka,
        new HttpSettings("127.0.0.1", 0));

    assertThatThrownBy(() -> ViewsService.start(config).close()).isInstanceOf(ConfigException.class)
        .hasMessageContaining("refused the SASL login").hasMessageNotContaining(PASSWORD);
  }

  /**
   * The variables of a service that reaches the broker's SASL_SSL listener as {@link #USER}, logging in with {@code mechanism},
   * trusting {@code truststore}.
   */
  private static Map<String, String> secured(String mechanism, String password, Path truststore) {
    return Map.of("TABLECAST_KAFKA_BOOTSTRAP", broker.securedBootstrapServers().orElseThrow(),
        "TABLECAST_KAFKA_SASL_MECHANISM", mechanism, "TABLECAST_KAFKA_SASL_USERNAME", USER, "TABLECAST_KAFKA_SASL_PASSWORD", password,
        "TABLECAST_KAFKA_TRUSTSTORE", truststore.toString(), "TABLECAST_KAFKA_TRUSTSTORE_PASSWORD", SelfSignedKeystore.PASSWORD);
  }
}
