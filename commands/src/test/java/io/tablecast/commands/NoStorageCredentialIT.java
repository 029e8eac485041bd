package io.tablecast.commands;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.common.config.Namespace;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands service run from its environment: it holds no storage credential (it writes only
 * to Kafka, and starts and takes commands with every storage variable unset), and it is closed by
 * default (without an issuer it starts only when authentication is turned off explicitly).
 */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class NoStorageCredentialIT {

  /** Every variable that could give a process a storage credential (README, "Storage access"). */
  private static final List<String> STORAGE_VARIABLES = List.of("TABLECAST_STORAGE_CONNECTION_STRING", "TABLECAST_STORAGE_SAS",
      "TABLECAST_STORAGE_SAS_FILE", "TABLECAST_TABLE_ENDPOINT", "TABLECAST_QUEUE_ENDPOINT", "TABLECAST_STORAGE_AUTH",
      "AZURE_CLIENT_ID", "AZURE_CLIENT_SECRET", "AZURE_TENANT_ID", "AZURE_FEDERATED_TOKEN_FILE");
  private static final Pattern LISTENING = Pattern.compile("commands listening on (http://\\S+)");

  @Test
  void theCommandsServiceStartsAndAcceptsCommandsWithNoStorageVariableSet_andWithoutAnIssuerOnlyWhenAuthenticationIsOff(
      EmbeddedRuntime runtime, Namespace namespace, ChildJvms.Launcher jvms, @TempDir Path dir) {
    Map<String, String> env = new HashMap<>(Map.of(
        "TABLECAST_KAFKA_BOOTSTRAP", runtime.bootstrapServers(),
        "TABLECAST_NAMESPACE", namespace.prefix(),
        "TABLECAST_COMMANDS_PORT", "0", // any free port, read back from its log: a port picked here could be taken by then
        "TABLECAST_STATE_DIR", dir.resolve("streams").toString(),
        "TABLECAST_INSTANCE_ID", namespace.prefix() + "-commands",
        "TABLECAST_AUTH", "off"));
    // Empty is unset for Tablecast's configuration, and overrides whatever this JVM inherited.
    STORAGE_VARIABLES.forEach(name -> env.put(name, ""));
    ChildJvm commands = jvms.start(dir.resolve("commands.out"), env, CommandsMain.class);
    ChildJvm closed = jvms.start(dir.resolve("closed.out"), without(env, "TABLECAST_AUTH"), CommandsMain.class);
    assertThat(closed.awaitExitCode(Duration.ofSeconds(60))).as(closed.tail()).isNotZero();
    assertThat(closed.output()).as("refused in one line, naming what to set, with no stack trace")
        .anyMatch(line -> line.contains("The commands cannot start: TABLECAST_AUTH_ISSUER and TABLECAST_AUTH_AUDIENCE are not set"))
        .noneMatch(line -> line.startsWith("\tat "));
    HttpTestClient http = new HttpTestClient(await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
        .until(() -> listening(commands), Optional::isPresent).orElseThrow());

    // A new department each try: a try that timed out while the processor started may still be applied.
    AtomicInteger tries = new AtomicInteger();
    await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
        .untilAsserted(() -> assertThat(http.postJson("/departments",
                "{\"departmentId\":\"D" + tries.incrementAndGet() + "\",\"name\":\"Sales\"}").status())
            .as(commands.tail()).isEqualTo(201));
    assertThat(String.join("\n", commands.output())).doesNotContain("AccountKey", "Azure Storage");
    assertThat(commands.output()).as("open on purpose, and it says so").anyMatch(line -> line.contains("authentication is off"));
  }

  private static Map<String, String> without(Map<String, String> env, String name) {
    Map<String, String> copy = new HashMap<>(env);
    copy.put(name, ""); // empty is unset for Tablecast's configuration
    return copy;
  }

  /** The address in the service's "commands listening on ..." line, once it has logged it. */
  private static Optional<URI> listening(ChildJvm commands) {
    return commands.output().stream().map(LISTENING::matcher).filter(Matcher::find).findFirst().map(m -> URI.create(m.group(1)));
  }
}
