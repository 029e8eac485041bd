package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.ConsistencyTokens;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EventTopicNames;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.ProjectorService;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Read-your-writes with {@code TABLECAST_CONSISTENCY_KEY}: the commands service signs its tokens,
 * the views wait for those, and refuse at once a token not signed with the key, however far ahead
 * it names, instead of holding a read for the whole wait.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class SignedConsistencyTokensIT {

  private static final ConsistencyTokens SIGNED = ConsistencyTokens.signedWith("the pipeline's key, 32 bytes long".getBytes());
  private static final ConsistencyTokens FOREIGN = ConsistencyTokens.signedWith("another pipeline's key, 32 bytes".getBytes());
  private static final Duration WAIT = Duration.ofSeconds(2);

  @Test
  void theViewsWaitForASignedTokenAndRefuseAnUnsignedOrForeignOneAtOnce(EmbeddedRuntime runtime, Namespace namespace) throws Exception {
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 3);
    HttpSettings anyPort = new HttpSettings("127.0.0.1", 0);
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    try (ProjectorService projector = ProjectorService.start(ProjectorConfig.of(namespace, kafka, storage, anyPort));
         CommandsService commands = CommandsService.start(new CommandsConfig(namespace, kafka, anyPort,
             Files.createTempDirectory("tablecast-streams-"), Duration.ofSeconds(20), "it-" + namespace.prefix())
             .withConsistencyTokens(SIGNED));
         ViewsService views = ViewsService.start(ViewsConfig.of(namespace, storage, kafka, anyPort).withConsistencyWait(WAIT)
             .withConsistencyTokens(SIGNED))) {
      HttpTestClient http = new HttpTestClient(views.uri());
      Response created = new HttpTestClient(commands.uri()).postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}");
      assertThat(created.status()).isEqualTo(201);
      String token = created.json().get("consistencyToken").asText();
      assertThat(SIGNED.read(token)).as("signed with the key").isPresent();
      assertThat(FOREIGN.read(token)).isEmpty();

      Response read = http.send(http.request("/departments/Sales").header("X-Consistency-Token", token).GET());
      assertThat(read.status()).as("the write, read with its token").isEqualTo(200);
      assertThat(read.json().get("name").asText()).isEqualTo("Sales");

      String topic = TopicNames.of(namespace, EventTopicNames.ALL).eventTopic(EventTopicNames.DEPARTMENT_EVENTS);
      ConsistencyToken farAhead = new ConsistencyToken.EventPosition(topic, 0, 1L << 40);
      long started = System.nanoTime();
      Response forged = http.send(http.request("/departments/Sales").header("X-Consistency-Token", farAhead.encode()).GET());
      assertThat(forged.status()).as("unsigned").isEqualTo(400);
      assertThat(forged.contentType()).startsWith("application/problem+json");
      assertThat(forged.json().get("detail").asText()).contains("signed for this pipeline");
      Response foreign = http.send(http.request("/departments/Sales").header("X-Consistency-Token", FOREIGN.write(farAhead)).GET());
      assertThat(foreign.status()).as("signed with another key").isEqualTo(400);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).as("refused without waiting").isLessThan(WAIT);

      Response ahead = http.send(http.request("/departments/Sales").header("X-Consistency-Token", SIGNED.write(farAhead)).GET());
      assertThat(ahead.status()).as("a signed token is waited for, to the bound").isEqualTo(503);
    }
  }
}
