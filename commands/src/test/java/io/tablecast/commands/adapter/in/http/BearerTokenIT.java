package io.tablecast.commands.adapter.in.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.commands.fixtures.EventLog;
import io.tablecast.commands.fixtures.RunningCommands;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.TestIssuer;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The commands service with bearer tokens required, against the real broker and a local test
 * issuer: a forged, stale or misdirected token, or none, is a 401 and writes no event; a good one
 * without {@code commands.write} is a 403; a good one is let through, also after a key rotation.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class BearerTokenIT {

  private TestIssuer issuer;
  private CommandsService service;
  private HttpTestClient http;
  private EventLog events;

  @BeforeEach
  void start(EmbeddedRuntime runtime, Namespace namespace) {
    issuer = TestIssuer.start();
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 3);
    service = CommandsService.start(new CommandsConfig(namespace, kafka, new HttpSettings("127.0.0.1", 0),
        RunningCommands.freshStateDir(), Duration.ofSeconds(20), namespace.prefix() + "-1").withAuth(issuer.settings()));
    http = new HttpTestClient(service.uri());
    events = new EventLog(runtime.bootstrapServers(), TopicNames.of(namespace, EventTopicNames.ALL));
  }

  @AfterEach
  void stop() {
    events.close();
    service.close();
    issuer.close();
  }

  private Response createDepartment(String id, Optional<String> authorization) {
    return http.send(departmentRequest(id, authorization));
  }

  private HttpRequest.Builder departmentRequest(String id, Optional<String> authorization) {
    HttpRequest.Builder request = http.request("/departments").header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"departmentId\":\"" + id + "\",\"name\":\"" + id + "\"}"));
    authorization.ifPresent(value -> request.header("Authorization", value));
    return request;
  }

  @Test
  void everyHostileTokenIs401AndNoEventIsWritten() {
    int n = 0;
    for (Map.Entry<String, Optional<String>> hostile : issuer.hostileAuthorizations(CommandsService.WRITE_PERMISSION).entrySet()) {
      Response response = createDepartment("Hostile" + n++, hostile.getValue());

      assertThat(response.status()).as(hostile.getKey()).isEqualTo(401);
      assertThat(response.contentType()).as(hostile.getKey()).startsWith("application/problem+json");
      assertThat(response.header("WWW-Authenticate")).as(hostile.getKey()).startsWith("Bearer realm=\"tablecast\"");
    }

    assertThat(createDepartment("Sales", Optional.of(issuer.bearer(CommandsService.WRITE_PERMISSION))).status()).isEqualTo(201);
    assertThat(events.all()).as("only the good token's command was decided").extracting(DomainEvent::eventType)
        .containsExactly("DepartmentCreated");
  }

  @Test
  void aGoodTokenWithoutCommandsWriteIs403AndAnAppRoleGrantsIt() {
    Response forbidden = createDepartment("Ops", Optional.of(issuer.bearer("views.read")));

    assertThat(forbidden.status()).isEqualTo(403);
    assertThat(forbidden.json().get("type").asText()).isEqualTo("urn:tablecast:problem:forbidden");
    assertThat(forbidden.header("WWW-Authenticate")).contains("error=\"insufficient_scope\"", "scope=\"commands.write\"");

    String appRole = "Bearer " + issuer.token(claims -> claims.claim("roles", List.of(CommandsService.WRITE_PERMISSION)));
    assertThat(createDepartment("Sales", Optional.of(appRole)).status()).isEqualTo(201);
    assertThat(events.all()).extracting(DomainEvent::eventType).containsExactly("DepartmentCreated");
  }

  @Test
  void theSubjectOfAValidTokenIsTheActorOfTheEvent() {
    String token = "Bearer " + issuer.token(claims -> claims.subject("ada@example.org").claim("scp", CommandsService.WRITE_PERMISSION));

    assertThat(createDepartment("Sales", Optional.of(token)).status()).isEqualTo(201);

    assertThat(events.all()).singleElement().extracting(event -> event.metadata().actor().subject()).isEqualTo("ada@example.org");
  }

  @Test
  void anIdempotencyKeyIsTheCallersOwn_anotherCallerReusingItGetsAnAnswerOfItsOwn() {
    String ada = "Bearer " + issuer.token(claims -> claims.subject("ada@example.org").claim("scp", CommandsService.WRITE_PERMISSION));
    String bob = "Bearer " + issuer.token(claims -> claims.subject("bob@example.org").claim("scp", CommandsService.WRITE_PERMISSION));

    Response first = http.send(departmentRequest("Sales", Optional.of(ada)).header("Idempotency-Key", "create-sales"));
    Response again = http.send(departmentRequest("Sales", Optional.of(ada)).header("Idempotency-Key", "create-sales"));
    Response other = http.send(departmentRequest("Sales", Optional.of(bob)).header("Idempotency-Key", "create-sales"));

    assertThat(first.status()).isEqualTo(201);
    assertThat(again.status()).as("the same caller's retry: its first answer").isEqualTo(201);
    assertThat(again.json()).isEqualTo(first.json());
    assertThat(other.status()).as("another caller's command, decided on its own: the department exists").isEqualTo(409);
    assertThat(events.all()).extracting(event -> event.metadata().actor().subject()).containsExactly("ada@example.org");
  }

  @Test
  void aTokenSignedWithANewlyPublishedKeyIsAccepted() {
    assertThat(createDepartment("Sales", Optional.of(issuer.bearer(CommandsService.WRITE_PERMISSION))).status()).isEqualTo(201);

    issuer.rotate("key-2");

    assertThat(createDepartment("Ops", Optional.of(issuer.bearer(CommandsService.WRITE_PERMISSION))).status()).isEqualTo(201);
    assertThat(events.all()).hasSize(2);
  }

  @Test
  void healthMetricsAndTheOpenApiDocumentNeedNoToken() {
    await("the processor running").atMost(Duration.ofSeconds(30)).until(() -> http.get("/health").status() == 200);
    assertThat(http.get("/metrics").status()).isEqualTo(200);
    assertThat(http.get("/openapi.json").status()).isEqualTo(200);
  }
}
