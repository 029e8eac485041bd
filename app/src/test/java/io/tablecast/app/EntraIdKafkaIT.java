package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Namespace;
import io.tablecast.embedded.EmbeddedKafka;
import io.tablecast.embedded.EmbeddedKafka.OAuthBearer;
import io.tablecast.embedded.EmbeddedKafka.SaslSslListener;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.FreePorts;
import io.tablecast.embedded.SelfSignedKeystore;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.TestIssuer;
import io.tablecast.testkit.TestManagedIdentity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka's OAUTHBEARER logins with Microsoft Entra ID tokens, against a broker that validates them
 * as a production one does: each token's signature against the issuer's published keys, its
 * issuer and its audience. A process given only a managed identity's variables (here the test's
 * App Service endpoint, whose tokens a test issuer signs) gets its token from azure-identity and
 * is let in; one whose tokens are for another audience is refused.
 */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class EntraIdKafkaIT {

  private static final Duration RUN = Duration.ofSeconds(90);
  /** The audience the broker expects: what a client asks for by default, its bootstrap host's. */
  private static final String AUDIENCE = "https://127.0.0.1";

  @TempDir
  static Path brokerDir;
  private static TestIssuer issuer;
  private static EmbeddedKafka broker;

  @BeforeAll
  static void aBrokerThatValidatesEntraIdTokens() {
    issuer = TestIssuer.start();
    int[] ports = FreePorts.pick(3);
    SaslSslListener listener = new SaslSslListener(ports[2], SelfSignedKeystore.create(brokerDir.resolve("tls")), Map.of("admin", "pw"))
        .withOAuthBearer(new OAuthBearer(issuer.jwksUrl(), issuer.issuer(), AUDIENCE));
    broker = EmbeddedKafka.start(brokerDir.resolve("kafka"), ports[0], ports[1], Optional.of(listener));
  }

  @AfterAll
  static void stop() {
    broker.close();
    issuer.close();
  }

  @Test
  void aProcessWithAManagedIdentityLogsInWithItsToken(EmbeddedRuntime runtime, Namespace namespace, ChildJvms.Launcher jvms,
      @TempDir Path dir) {
    try (TestManagedIdentity identity = TestManagedIdentity.signedBy(issuer, Optional.empty())) {
      ChildJvm cli = jvms.start(dir.resolve("dlq.out"), env(identity, runtime, namespace), TablecastCli.class, "dlq", "list");

      assertThat(cli.awaitExitCode(RUN)).as(cli.tail()).isZero();
      assertThat(cli.output()).anyMatch(line -> line.contains("projector-dlq: 0 parked"));
      assertThat(identity.tokensIssued()).as("the login's token came from the identity").isPositive();
    }
  }

  @Test
  void aTokenForAnotherAudienceIsRefusedByTheBroker(EmbeddedRuntime runtime, Namespace namespace, ChildJvms.Launcher jvms,
      @TempDir Path dir) {
    try (TestManagedIdentity identity = TestManagedIdentity.signedBy(issuer, Optional.of("api://another-api"))) {
      ChildJvm cli = jvms.start(dir.resolve("dlq.out"), env(identity, runtime, namespace), TablecastCli.class, "dlq", "list");

      assertThat(cli.awaitExitCode(RUN)).as(cli.tail()).isNotZero();
      assertThat(String.join("\n", cli.output())).contains("failed authentication", "invalid_token");
      assertThat(identity.tokensIssued()).isPositive();
    }
  }

  /** A process's variables: the broker's SASL_SSL listener with OAUTHBEARER, the identity's endpoint, and the test's storage. */
  private static Map<String, String> env(TestManagedIdentity identity, EmbeddedRuntime runtime, Namespace namespace) {
    Map<String, String> env = new HashMap<>(identity.env());
    env.putAll(Map.of("TABLECAST_KAFKA_BOOTSTRAP", broker.securedBootstrapServers().orElseThrow(),
        "TABLECAST_KAFKA_SASL_MECHANISM", "OAUTHBEARER",
        "TABLECAST_KAFKA_TRUSTSTORE", brokerDir.resolve("tls/server.p12").toString(),
        "TABLECAST_KAFKA_TRUSTSTORE_PASSWORD", SelfSignedKeystore.PASSWORD,
        "TABLECAST_STORAGE_CONNECTION_STRING", runtime.storageConnectionString(),
        "TABLECAST_NAMESPACE", namespace.prefix()));
    return env;
  }
}
