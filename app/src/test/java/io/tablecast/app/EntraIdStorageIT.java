package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projector.ProjectorMain;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.EntraIdAzurite;
import io.tablecast.testkit.EntraIdStorage;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.TestManagedIdentity;
import io.tablecast.views.ViewsMain;
import io.tablecast.workers.WorkerMain;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Storage by Microsoft Entra ID alone, as on Azure with a managed identity: the projector, the
 * queue workers and the views run as their own processes with the storage endpoints and the App
 * Service identity variables, and no connection string, SAS or account key; Azurite, in OAuth mode
 * over HTTPS, takes only the bearer tokens that {@code DefaultAzureCredential} gets from the
 * identity endpoint. A token for another audience stops the projector at start.
 */
@ExtendWith({TablecastRuntimeExtension.class, EntraIdAzurite.class, ChildJvms.class})
class EntraIdStorageIT {

  private static final Duration PROJECTION = Duration.ofSeconds(60); // generous: three JVMs start on a busy machine
  private static final Pattern VIEWS_LISTENING = Pattern.compile("views listening on (http://\\S+)");

  @Test
  void theServicesProjectAHireAndServeItWithTokensFromTheManagedIdentityAlone(
      EmbeddedRuntime runtime, Namespace namespace, EntraIdStorage storage, ChildJvms.Launcher jvms, @TempDir Path dir) {
    int tokensBefore = storage.identity().tokensIssued();
    ChildJvm projector = jvms.start(dir.resolve("projector.out"), storage.jvmOptions(),
        env(runtime, namespace, storage.serviceEnv(), "TABLECAST_PROJECTOR_PORT", "TABLECAST_WORKERS", "0"), ProjectorMain.class);
    ChildJvm workers = jvms.start(dir.resolve("workers.out"), storage.jvmOptions(),
        env(runtime, namespace, storage.serviceEnv(), "TABLECAST_WORKER_PORT", "TABLECAST_WORKERS", "1"), WorkerMain.class);
    ChildJvm viewsJvm = jvms.start(dir.resolve("views.out"), storage.jvmOptions(),
        env(runtime, namespace, storage.serviceEnv(), "TABLECAST_VIEWS_PORT", "TABLECAST_STALL_TIMEOUT", "30s"), ViewsMain.class);

    try (CommandsService commands = CommandsService.start(new CommandsConfig(namespace, new KafkaSettings(runtime.bootstrapServers(), 3),
        new HttpSettings("127.0.0.1", 0), dir.resolve("streams"), Duration.ofSeconds(20), "it-" + namespace.prefix()))) {
      HttpTestClient http = new HttpTestClient(commands.uri());
      assertThat(http.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales EMEA\"}").status()).isEqualTo(201);
      assertThat(http.postJson("/employees", """
          {"employeeId":"42","departmentId":"Sales","firstName":"Ann","lastName":"Lee","email":"ann@example.com","age":34}""")
          .status()).isEqualTo(201);

      HttpTestClient views = new HttpTestClient(viewsJvm.awaitLine(VIEWS_LISTENING.asPredicate(), PROJECTION)
          .transform(line -> address(line).orElseThrow()));
      Response employee = await().atMost(PROJECTION).pollInterval(Duration.ofMillis(250))
          .until(() -> views.get("/departments/Sales/employees/42"), r -> r.status() == 200);
      // The email index is the queue workers' work: they too wrote with their token.
      Response byEmail = await().atMost(PROJECTION).pollInterval(Duration.ofMillis(250))
          .until(() -> views.get("/employees?email=ann@example.com"), r -> r.status() == 200 && r.json().path("items").size() == 1);

      assertThat(employee.json().get("lastName").asText()).isEqualTo("Lee");
      assertThat(byEmail.json().path("items").get(0).get("employeeId").asText()).isEqualTo("00000042");
    }
    assertThat(storage.identity().tokensIssued()).as("tokens from the identity endpoint").isGreaterThanOrEqualTo(tokensBefore + 3);
    assertThat(storage.tableNames(namespace.prefix())).isNotEmpty();
    for (ChildJvm service : new ChildJvm[] {projector, workers, viewsJvm}) {
      assertThat(service.jvm().isAlive()).as(service.tail()).isTrue();
      assertThat(String.join("\n", service.output())).doesNotContain("AccountKey", "sig=");
    }
  }

  @Test
  void withTokensForAnotherAudienceTheProjectorStopsAtStartAndWritesNothing(
      EmbeddedRuntime runtime, Namespace namespace, EntraIdStorage storage, ChildJvms.Launcher jvms, @TempDir Path dir) {
    try (TestManagedIdentity keyVaultOnly = TestManagedIdentity.mintingAudience("https://vault.azure.net")) {
      ChildJvm projector = jvms.start(dir.resolve("projector.out"), storage.jvmOptions(),
          env(runtime, namespace, storage.serviceEnv(keyVaultOnly), "TABLECAST_PROJECTOR_PORT", "TABLECAST_WORKERS", "1"),
          ProjectorMain.class);

      int exitCode = projector.awaitExitCode(Duration.ofSeconds(45));

      assertThat(exitCode).as(projector.tail()).isNotZero();
      assertThat(keyVaultOnly.tokensIssued()).isPositive();
      assertThat(String.join("\n", projector.output()))
          .contains("The projector cannot start: Azure Storage refused its credential (entra-id) with 403", "Invalid token audience")
          .doesNotContain("Exception in thread");
      assertThat(storage.tableNames(namespace.prefix())).isEmpty();
      assertThat(storage.queueNames(namespace.prefix())).isEmpty();
    }
  }

  /** A service's environment: the shared Kafka, the test's namespace, any free port, and {@code storageEnv}. */
  private static Map<String, String> env(EmbeddedRuntime runtime, Namespace namespace, Map<String, String> storageEnv,
      String portVariable, String name, String value) {
    Map<String, String> env = new HashMap<>(storageEnv);
    env.put("TABLECAST_KAFKA_BOOTSTRAP", runtime.bootstrapServers());
    env.put("TABLECAST_NAMESPACE", namespace.prefix());
    env.put(portVariable, "0"); // any free port; the views' is read back from their log
    env.put(name, value);
    env.put("TABLECAST_AUTH", "off"); // what this test is about is storage, not the callers of the views
    return env;
  }

  private static Optional<URI> address(String line) {
    Matcher matcher = VIEWS_LISTENING.matcher(line);
    return matcher.find() ? Optional.of(URI.create(matcher.group(1))) : Optional.empty();
  }
}
