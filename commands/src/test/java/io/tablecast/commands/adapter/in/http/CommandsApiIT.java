package io.tablecast.commands.adapter.in.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.commands.fixtures.CommandsExtension;
import io.tablecast.commands.fixtures.RunningCommands;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.events.Actor;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every command of SPEC §5 over HTTP, against the real broker. */
@ExtendWith({TablecastRuntimeExtension.class, CommandsExtension.class})
class CommandsApiIT {

  private static Response send(HttpTestClient http, String method, String path, String body, String... headers) {
    HttpRequest.Builder request = http.request(path)
        .method(method, body == null ? BodyPublishers.noBody() : BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return http.send(request);
  }

  private static void setUp(HttpTestClient http) {
    assertThat(http.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}").status()).isEqualTo(201);
    assertThat(http.postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status()).isEqualTo(201);
    assertThat(http.postJson("/employees", """
        {"employeeId":"5","departmentId":"Sales","firstName":"Ann","lastName":"Lee","email":"ann@x.io","age":30}""")
        .status()).isEqualTo(201);
  }

  @Test
  void withAuthenticationOffEveryEventRecordsTheAnonymousActor(RunningCommands commands) {
    setUp(commands.http());

    List<DomainEvent> events = commands.events().all();

    assertThat(events).hasSize(3).extracting(e -> e.metadata().actor()).containsOnly(Actor.ANONYMOUS);
  }

  @Test
  void everyCommandAnswersWithTheSpecBodyAndAnETag(RunningCommands commands) {
    HttpTestClient http = commands.http();
    setUp(http);

    Response manager = send(http, "PUT", "/departments/Ops/manager", "{\"employeeId\":\"00000005\"}");
    assertThat(manager.status()).isEqualTo(200);
    assertThat(manager.json().get("aggregateId").asText()).isEqualTo("Ops");
    assertThat(manager.json().get("version").asLong()).isEqualTo(2);
    assertThat(manager.header("ETag")).isEqualTo("\"2\"");

    Response changed = send(http, "PATCH", "/employees/5", "{\"lastName\":\"Lee-Park\"}", "If-Match", "\"1\"");
    assertThat(changed.status()).isEqualTo(200);
    assertThat(changed.json().get("version").asLong()).isEqualTo(2);

    Response transferred = send(http, "POST", "/employees/00000005/transfer", "{\"toDepartmentId\":\"Ops\"}", "If-Match", "\"2\"");
    assertThat(transferred.status()).isEqualTo(200);
    assertThat(transferred.header("ETag")).isEqualTo("\"3\"");

    Response archived = send(http, "POST", "/employees/5/archive", null);
    assertThat(archived.status()).isEqualTo(200);
    JsonNode body = archived.json();
    assertThat(body.get("commandId").asText()).isNotBlank();
    assertThat(body.get("aggregateId").asText()).isEqualTo("00000005");
    assertThat(body.get("version").asLong()).isEqualTo(4);
    assertThat(ConsistencyToken.parse(body.get("consistencyToken").asText()))
        .as("the token names the version the views must reflect").contains(new ConsistencyToken.AggregateVersion("employee", "00000005", 4));

    List<DomainEvent> events = commands.events().all();
    assertThat(events).extracting(DomainEvent::eventType).containsExactlyInAnyOrder(
        "DepartmentCreated", "DepartmentCreated", "EmployeeHired", "DepartmentManagerAssigned",
        "EmployeeDetailsChanged", "EmployeeTransferred", "EmployeeArchived");
    assertThat(events).filteredOn(e -> e instanceof EmployeeArchived)
        .singleElement().satisfies(e -> assertThat(((EmployeeArchived) e).reason()).isEmpty());
  }

  @Test
  void aPatchThatChangesNothingAnswers200WithTheCurrentVersionAndWritesNoEvent(RunningCommands commands) {
    HttpTestClient http = commands.http();
    setUp(http);

    Response empty = send(http, "PATCH", "/employees/5", "{}");
    Response same = send(http, "PATCH", "/employees/5", "{\"firstName\":\"Ann\"}");

    assertThat(empty.status()).isEqualTo(200);
    assertThat(empty.json().get("version").asLong()).isEqualTo(1);
    assertThat(empty.header("ETag")).isEqualTo("\"1\"");
    assertThat(empty.json().get("consistencyToken").asText()).isNotBlank();
    assertThat(same.status()).isEqualTo(200);
    assertThat(commands.events().all()).hasSize(3);
  }

  @Test
  void stateConflictsAndStaleVersionsAnswerWithProblems(RunningCommands commands) {
    HttpTestClient http = commands.http();
    setUp(http);

    Response stale = send(http, "PATCH", "/employees/5", "{\"age\":31}", "If-Match", "\"7\"");
    assertThat(stale.status()).isEqualTo(412);
    assertThat(stale.json().get("type").asText()).isEqualTo("urn:tablecast:problem:stale-version");

    Response malformed = send(http, "PATCH", "/employees/5", "{\"age\":31}", "If-Match", "version 1");
    assertThat(malformed.status()).isEqualTo(400);

    Response duplicate = http.postJson("/employees", """
        {"employeeId":"5","departmentId":"Sales","firstName":"B","lastName":"C","email":"b@x.io","age":30}""");
    assertThat(duplicate.status()).isEqualTo(409);
    assertThat(duplicate.contentType()).startsWith("application/problem+json");

    Response taken = http.postJson("/employees", """
        {"employeeId":"6","departmentId":"Sales","firstName":"B","lastName":"C","email":"ANN@x.io","age":30}""");
    assertThat(taken.status()).isEqualTo(409);
    assertThat(taken.json().get("type").asText()).isEqualTo("urn:tablecast:problem:email-taken");

    assertThat(send(http, "POST", "/employees/5/transfer", "{\"toDepartmentId\":\"Sales\"}").status()).isEqualTo(422);
    assertThat(send(http, "POST", "/employees/5/transfer", "{\"toDepartmentId\":\"Nowhere\"}").status()).isEqualTo(422);
    assertThat(send(http, "POST", "/employees/77/archive", null).status()).isEqualTo(404);
    assertThat(send(http, "PUT", "/departments/Nowhere/manager", "{\"employeeId\":\"5\"}").status()).isEqualTo(404);
    assertThat(send(http, "PUT", "/departments/Sales/manager", "{\"employeeId\":\"77\"}").status()).isEqualTo(422);

    assertThat(send(http, "POST", "/employees/5/archive", "{\"reason\":\"moved on\"}").status()).isEqualTo(200);
    assertThat(send(http, "POST", "/employees/5/archive", null).status()).isEqualTo(409);
    assertThat(send(http, "PATCH", "/employees/5", "{}").status()).isEqualTo(409);
    assertThat(send(http, "PUT", "/departments/Sales/manager", "{\"employeeId\":\"5\"}").status()).isEqualTo(409);
    assertThat(commands.events().all()).hasSize(4);
  }

  @Test
  void aRetryWithTheSameKeyAndBodyReplaysTheFirstAnswerAndWritesOneEvent(RunningCommands commands) {
    HttpTestClient http = commands.http();
    setUp(http);
    String body = "{\"employeeId\":\"9\",\"departmentId\":\"Sales\",\"firstName\":\"Bo\",\"lastName\":\"Ek\",\"email\":\"bo@x.io\",\"age\":40}";
    String reordered = "{\"age\":40,\"email\":\"bo@x.io\",\"lastName\":\"Ek\",\"firstName\":\"Bo\",\"departmentId\":\"Sales\",\"employeeId\":\"9\"}";

    Response first = send(http, "POST", "/employees", body, "Idempotency-Key", "hire-9");
    Response retry = send(http, "POST", "/employees", reordered, "Idempotency-Key", "hire-9");
    Response reused = send(http, "POST", "/employees", body.replace("Bo", "Bob"), "Idempotency-Key", "hire-9");

    assertThat(first.status()).isEqualTo(201);
    assertThat(retry.status()).isEqualTo(201);
    assertThat(retry.raw().body()).isEqualTo(first.raw().body());
    assertThat(retry.header("ETag")).isEqualTo(first.header("ETag"));
    assertThat(reused.status()).isEqualTo(422);
    assertThat(reused.json().get("type").asText()).isEqualTo("urn:tablecast:problem:idempotency-key-reused");
    assertThat(commands.events().all()).filteredOn(e -> e.metadata().aggregateId().equals("00000009")).hasSize(1);
  }

  @Test
  void keysAreScopedToTheCanonicalPath(RunningCommands commands) {
    HttpTestClient http = commands.http();
    setUp(http);

    Response first = send(http, "PATCH", "/employees/5", "{\"age\":44}", "Idempotency-Key", "k1");
    Response sameResource = send(http, "PATCH", "/employees/00000005", "{\"age\":44}", "Idempotency-Key", "k1");
    Response otherResource = send(http, "POST", "/employees/5/archive", null, "Idempotency-Key", "k1");

    assertThat(sameResource.raw().body()).isEqualTo(first.raw().body());
    assertThat(otherResource.status()).isEqualTo(200);
    assertThat(otherResource.json().get("version").asLong()).isEqualTo(3);
  }

  @Test
  void aRefusedBodyIsTheKeysFirstAnswer(RunningCommands commands) {
    HttpTestClient http = commands.http();
    setUp(http);
    String invalid = "{\"employeeId\":\"9\",\"departmentId\":\"Sales\",\"firstName\":\"Bo\",\"lastName\":\"Ek\",\"email\":\"bo@x.io\",\"age\":3}";

    Response first = send(http, "POST", "/employees", invalid, "Idempotency-Key", "k2");
    Response retry = send(http, "POST", "/employees", invalid, "Idempotency-Key", "k2");
    Response fixed = send(http, "POST", "/employees", invalid.replace("\"age\":3", "\"age\":30"), "Idempotency-Key", "k2");

    assertThat(first.status()).isEqualTo(422);
    assertThat(retry.raw().body()).isEqualTo(first.raw().body());
    assertThat(fixed.status()).isEqualTo(422);
    assertThat(fixed.json().get("type").asText()).isEqualTo("urn:tablecast:problem:idempotency-key-reused");
  }

  @Test
  void aMalformedIdempotencyKeyIs400(RunningCommands commands) {
    Response response = send(commands.http(), "POST", "/departments", "{\"departmentId\":\"X\",\"name\":\"X\"}",
        "Idempotency-Key", "has space");
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.json().get("type").asText()).isEqualTo("urn:tablecast:problem:invalid-idempotency-key");
  }
}
