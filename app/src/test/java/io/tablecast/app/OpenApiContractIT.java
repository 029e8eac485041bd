package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EventTopicNames;
import io.tablecast.orders.OrderViews;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.TestIssuer;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenAPI documents cannot drift (issue 6): each service's {@code /openapi.json} lists exactly
 * the routes it answers, and every status it documents for a route is produced by a request of
 * this test, run against the real pipeline. The few statuses that no request here can provoke
 * are named below with the reason. Every operation that needs a token says so (the
 * {@code bearerAuth} scheme, 401 and 403), and with authentication on the services answer so.
 */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class})
class OpenApiContractIT {

  /** Documented, true, and not provoked here: each with where it is shown instead. */
  private static final Map<String, String> NOT_PROVOKED = Map.of(
      "commands POST /departments 503", "the processor must miss its 10 s deadline; CommandsApiIT",
      "commands PUT /departments/{dept}/manager 503", "as above",
      "commands POST /employees 503", "as above",
      "commands PATCH /employees/{id} 503", "as above",
      "commands POST /employees/{id}/transfer 503", "as above",
      "commands POST /employees/{id}/archive 503", "as above",
      "commands GET /health 503", "needs a stopped command processor; DevModeIT",
      "views GET /health 503", "needs a projector stalled for 30 s; PipelineStatusTest",
      "views GET /status/dashboard 503", "needs the storage service stopped; StatusPageBrowserIT in e2e");

  /**
   * Documented on every protected (401, 403) or counted (429) operation, and checked by the test of
   * the security declarations rather than provoked one by one; BadInputIT and InFlightLimitIT
   * provoke 429.
   */
  private static final Set<String> ACCESS_STATUSES = Set.of("401", "403", "429");
  /** Served by every service for probes and scrapers: never protected, never counted in flight. */
  private static final Set<String> OPERATIONAL = Set.of("/health", "/metrics", "/openapi.json");
  private static final Map<String, String> PERMISSIONS = Map.of("commands", "commands.write", "views", "views.read");

  private record Example(String service, String operation, int status, Function<HttpTestClient, Response> request) {
    String key() {
      return service + " " + operation + " " + status;
    }
  }

  @Test
  void everyDocumentedRouteExistsAndEveryDocumentedStatusIsProduced(Pipeline pipeline) {
    HttpTestClient commands = pipeline.commands();
    HttpTestClient views = pipeline.views();
    Map<String, JsonNode> documents = Map.of("commands", document(commands), "views", document(views));

    documents.forEach((service, document) -> assertThat(new TreeSet<>(operations(document)))
        .as(service + ": the documented routes are the implemented ones, a team's view set's (orders) included")
        .isEqualTo(new TreeSet<>(pipeline.routes().get(service))));

    String employeeEvents = TopicNames.of(pipeline.namespace(), EventTopicNames.ALL).eventTopic(EventTopicNames.EMPLOYEE_EVENTS);
    String pending = new ConsistencyToken.EventPosition(employeeEvents, 0, 1L << 40).encode();
    String pendingOrder = new ConsistencyToken.EventPosition(pipeline.namespace().topic(OrderViews.TOPIC), 0, 1L << 40).encode();
    List<Example> examples = examples(pending, pendingOrder);
    Set<String> documented = new TreeSet<>();
    documents.forEach((service, document) -> statuses(service, document, documented));
    Set<String> provoked = new TreeSet<>();
    examples.forEach(e -> provoked.add(e.key()));
    Set<String> expected = new TreeSet<>(documented);
    expected.removeAll(NOT_PROVOKED.keySet());
    assertThat(provoked).as("a request for every documented status, and no status left undocumented").isEqualTo(expected);

    setUp(commands, views);
    pipeline.azure().table(new Generation(OrderViews.VIEW_SET, pipeline.namespace(), 1).table(OrderViews.CUSTOMERS))
        .upsertEntity(new TableEntity("c0", "summary").addProperty("Orders", 1L));
    for (Example example : examples) {
      Response response = example.request().apply(example.service().equals("commands") ? commands : views);
      assertThat(response.status()).as(example.key() + ": " + response.raw().body()).isEqualTo(example.status());
    }
  }

  @Test
  void everyProtectedOperationDeclaresBearerAuthWith401And403AndWithAuthOnTheServicesAnswerThem(
      EmbeddedRuntime runtime, Namespace namespace, @TempDir Path stateDir) {
    try (TestIssuer issuer = TestIssuer.start();
        Pipeline pipeline = Pipeline.start(runtime, namespace, stateDir, Optional.of(issuer.settings()))) {
      Map<String, HttpTestClient> services = Map.of("commands", pipeline.commands(), "views", pipeline.views());
      services.forEach((service, client) -> {
        JsonNode document = document(client);
        JsonNode scheme = document.at("/components/securitySchemes/bearerAuth");
        assertThat(List.of(scheme.path("type").asText(), scheme.path("scheme").asText(), scheme.path("bearerFormat").asText()))
            .as(service + ": the bearerAuth scheme").containsExactly("http", "bearer", "JWT");
        String otherPermission = PERMISSIONS.get(service.equals("commands") ? "views" : "commands");
        document.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
          String key = service + " " + op.getKey().toUpperCase() + " " + path.getKey();
          JsonNode responses = op.getValue().get("responses");
          String concrete = path.getKey().replace("{dept}", "Docs").replace("{id}", "7001").replace("{file}", "status.js")
              .replace("{viewSet}", "orders").replace("{table}", "Customers").replace("{partitionKey}", "c0").replace("{rowKey}", "summary")
              .replace("{customerId}", "c0");
          Response anonymous = call(client, op.getKey(), concrete, Optional.empty());
          if (!protectedBy(op.getValue(), document)) {
            assertThat(anonymous.status()).as(key + " is documented as open").isNotIn(401, 403);
          } else {
            assertThat(responses.has("401") && responses.has("403")).as(key + ": 401 and 403 documented").isTrue();
            assertThat(anonymous.status()).as(key + " without a token").isEqualTo(401);
            Response forbidden = call(client, op.getKey(), concrete, Optional.of(issuer.bearer(otherPermission)));
            assertThat(forbidden.status()).as(key + " with a token that grants only " + otherPermission).isEqualTo(403);
          }
          assertThat(responses.has("429")).as(key + ": 429 documented where counted").isEqualTo(!OPERATIONAL.contains(path.getKey()));
          if (OPERATIONAL.contains(path.getKey())) {
            assertThat(protectedBy(op.getValue(), document)).as(key + ": the operational endpoints stay open").isFalse();
          }
        }));
      });
    }
  }

  /** {@code method} on {@code path}, with an empty JSON object as the body of a command. */
  private static Response call(HttpTestClient client, String method, String path, Optional<String> authorization) {
    HttpRequest.Builder request = method.equals("get")
        ? client.request(path).GET()
        : client.request(path).header("Content-Type", "application/json").method(method.toUpperCase(), BodyPublishers.ofString("{}"));
    authorization.ifPresent(value -> request.header("Authorization", value));
    return client.send(request);
  }

  /** Whether the operation declares, itself or through the document's default, the bearerAuth requirement. */
  private static boolean protectedBy(JsonNode operation, JsonNode document) {
    JsonNode security = operation.has("security") ? operation.get("security") : document.path("security");
    assertThat(operation.has("security")).as(operation.path("operationId").asText() + " declares its security").isTrue();
    for (JsonNode requirement : security) {
      if (requirement.has("bearerAuth")) {
        return true;
      }
    }
    return false;
  }

  private static JsonNode document(HttpTestClient service) {
    Response response = service.get("/openapi.json");
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().get("openapi").asText()).startsWith("3.");
    return response.json();
  }

  private static List<String> operations(JsonNode document) {
    List<String> operations = new ArrayList<>();
    document.get("paths").fields().forEachRemaining(path ->
        path.getValue().fieldNames().forEachRemaining(method -> operations.add(method.toUpperCase() + " " + path.getKey())));
    return operations;
  }

  private static void statuses(String service, JsonNode document, Set<String> into) {
    document.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
      Iterator<String> codes = op.getValue().get("responses").fieldNames();
      codes.forEachRemaining(code -> {
        if (!ACCESS_STATUSES.contains(code)) {
          into.add(service + " " + op.getKey().toUpperCase() + " " + path.getKey() + " " + code);
        }
      });
    }));
  }

  /** Employees 7001 and 7003 (active) and 7002 (archived) in Docs; Other exists too. */
  private static void setUp(HttpTestClient commands, HttpTestClient views) {
    for (String dept : List.of("Docs", "Other")) {
      assertThat(commands.postJson("/departments", "{\"departmentId\":\"" + dept + "\",\"name\":\"" + dept + "\"}").status()).isEqualTo(201);
    }
    assertThat(commands.postJson("/employees", hire(7001, "ann@docs.io")).status()).isEqualTo(201);
    assertThat(commands.postJson("/employees", hire(7002, "bob@docs.io")).status()).isEqualTo(201);
    assertThat(commands.postJson("/employees", hire(7003, "cy@docs.io")).status()).isEqualTo(201);
    assertThat(commands.postJson("/employees/7002/archive", "{\"reason\":\"left\"}").status()).isEqualTo(200);
    await("the views show the archive").atMost(Duration.ofMinutes(1))
        .until(() -> views.get("/archive/departments/Docs/employees/7002").status() == 200
            && views.get("/employees?email=ann@docs.io").json().get("items").size() == 1
            && views.get("/departments/Docs/employees/7003").status() == 200);
  }

  private static String hire(int id, String email) {
    return "{\"employeeId\":\"" + id + "\",\"departmentId\":\"Docs\",\"firstName\":\"A\",\"lastName\":\"Doc\",\"email\":\"" + email + "\",\"age\":30}";
  }

  private static Function<HttpTestClient, Response> get(String path) {
    return client -> client.get(path);
  }

  private static Function<HttpTestClient, Response> get(String path, String token) {
    return client -> client.send(client.request(path).header("X-Consistency-Token", token).GET());
  }

  private static Function<HttpTestClient, Response> send(String method, String path, String contentType, String body, Map<String, String> headers) {
    return client -> {
      HttpRequest.Builder request = client.request(path).method(method, BodyPublishers.ofString(body));
      if (contentType != null) {
        request.header("Content-Type", contentType);
      }
      headers.forEach(request::header);
      return client.send(request);
    };
  }

  private static Function<HttpTestClient, Response> json(String method, String path, String body) {
    return send(method, path, "application/json", body, Map.of());
  }

  private static Function<HttpTestClient, Response> json(String method, String path, String body, Map<String, String> headers) {
    return send(method, path, "application/json", body, headers);
  }

  /** Two requests with one Idempotency-Key and different bodies; the answer to the second. */
  private static Function<HttpTestClient, Response> reusedKey(String method, String path, String first, String second) {
    String key = "contract-" + path.hashCode() + "-" + System.nanoTime();
    return client -> {
      json(method, path, first, Map.of("Idempotency-Key", key)).apply(client);
      return json(method, path, second, Map.of("Idempotency-Key", key)).apply(client);
    };
  }

  private static List<Example> examples(String pending, String pendingOrder) {
    String big = "{\"name\":\"" + "x".repeat(70_000) + "\"}";
    List<Example> e = new ArrayList<>();
    // commands, in an order that builds the state each one needs
    String dept = "POST /departments";
    e.add(new Example("commands", dept, 201, json("POST", "/departments", "{\"departmentId\":\"Cmd\",\"name\":\"Cmd\"}")));
    e.add(new Example("commands", dept, 409, json("POST", "/departments", "{\"departmentId\":\"Cmd\",\"name\":\"Cmd\"}")));
    e.add(new Example("commands", dept, 400, json("POST", "/departments", "{\"departmentId\":")));
    e.add(new Example("commands", dept, 413, json("POST", "/departments", big)));
    e.add(new Example("commands", dept, 415, send("POST", "/departments", "text/plain", "{}", Map.of())));
    e.add(new Example("commands", dept, 422, reusedKey("POST", "/departments", "{\"departmentId\":\"Cmd2\",\"name\":\"A\"}", "{\"departmentId\":\"Cmd2\",\"name\":\"B\"}")));
    String hire = "POST /employees";
    String hire81 = "{\"employeeId\":\"8001\",\"departmentId\":\"Cmd\",\"firstName\":\"C\",\"lastName\":\"Md\",\"email\":\"c@cmd.io\",\"age\":30}";
    e.add(new Example("commands", hire, 201, json("POST", "/employees", hire81)));
    e.add(new Example("commands", hire, 409, json("POST", "/employees", hire81)));
    e.add(new Example("commands", hire, 400, json("POST", "/employees", "[")));
    e.add(new Example("commands", hire, 413, json("POST", "/employees", big)));
    e.add(new Example("commands", hire, 415, send("POST", "/employees", "text/plain", hire81, Map.of())));
    e.add(new Example("commands", hire, 422, json("POST", "/employees", hire81.replace("8001", "8002").replace("\"Cmd\"", "\"Nowhere\"").replace("c@", "d@"))));
    String patch = "PATCH /employees/{id}";
    e.add(new Example("commands", patch, 200, json("PATCH", "/employees/8001", "{\"age\":31}")));
    e.add(new Example("commands", patch, 412, json("PATCH", "/employees/8001", "{\"age\":32}", Map.of("If-Match", "\"99\""))));
    e.add(new Example("commands", patch, 400, json("PATCH", "/employees/8001", "{\"age\":")));
    e.add(new Example("commands", patch, 404, json("PATCH", "/employees/99999999", "{\"age\":31}")));
    e.add(new Example("commands", patch, 413, json("PATCH", "/employees/8001", big)));
    e.add(new Example("commands", patch, 415, send("PATCH", "/employees/8001", "text/plain", "{}", Map.of())));
    e.add(new Example("commands", patch, 422, json("PATCH", "/employees/8001", "{\"age\":5}")));
    String manager = "PUT /departments/{dept}/manager";
    e.add(new Example("commands", manager, 200, json("PUT", "/departments/Cmd/manager", "{\"employeeId\":\"8001\"}")));
    e.add(new Example("commands", manager, 400, json("PUT", "/departments/Cmd/manager", "{")));
    e.add(new Example("commands", manager, 404, json("PUT", "/departments/Nowhere/manager", "{\"employeeId\":\"8001\"}")));
    e.add(new Example("commands", manager, 413, json("PUT", "/departments/Cmd/manager", big)));
    e.add(new Example("commands", manager, 415, send("PUT", "/departments/Cmd/manager", "text/plain", "{}", Map.of())));
    e.add(new Example("commands", manager, 422, json("PUT", "/departments/Cmd/manager", "{\"employeeId\":\"8999\"}")));
    String transfer = "POST /employees/{id}/transfer";
    e.add(new Example("commands", transfer, 200, json("POST", "/employees/8001/transfer", "{\"toDepartmentId\":\"Docs\"}")));
    e.add(new Example("commands", transfer, 412, json("POST", "/employees/8001/transfer", "{\"toDepartmentId\":\"Cmd\"}", Map.of("If-Match", "\"1\""))));
    e.add(new Example("commands", transfer, 400, json("POST", "/employees/8001/transfer", "{")));
    e.add(new Example("commands", transfer, 404, json("POST", "/employees/99999999/transfer", "{\"toDepartmentId\":\"Cmd\"}")));
    e.add(new Example("commands", transfer, 413, json("POST", "/employees/8001/transfer", big)));
    e.add(new Example("commands", transfer, 415, send("POST", "/employees/8001/transfer", "text/plain", "{}", Map.of())));
    e.add(new Example("commands", transfer, 422, json("POST", "/employees/8001/transfer", "{\"toDepartmentId\":\"Docs\"}")));
    String archive = "POST /employees/{id}/archive";
    e.add(new Example("commands", archive, 412, json("POST", "/employees/8001/archive", "{}", Map.of("If-Match", "\"1\""))));
    e.add(new Example("commands", archive, 400, json("POST", "/employees/8001/archive", "{")));
    e.add(new Example("commands", archive, 404, json("POST", "/employees/99999999/archive", "{}")));
    e.add(new Example("commands", archive, 413, json("POST", "/employees/8001/archive", big)));
    e.add(new Example("commands", archive, 415, send("POST", "/employees/8001/archive", "text/plain", "{}", Map.of())));
    e.add(new Example("commands", archive, 422, reusedKey("POST", "/employees/8001/archive", "{\"reason\":\"a\"}", "{\"reason\":\"b\"}")));
    e.add(new Example("commands", archive, 200, json("POST", "/employees/7001/archive", "{}")));
    e.add(new Example("commands", archive, 409, json("POST", "/employees/7001/archive", "{}")));
    e.add(new Example("commands", patch, 409, json("PATCH", "/employees/7001", "{\"age\":44}")));
    e.add(new Example("commands", transfer, 409, json("POST", "/employees/7001/transfer", "{\"toDepartmentId\":\"Other\"}")));
    e.add(new Example("commands", manager, 409, json("PUT", "/departments/Docs/manager", "{\"employeeId\":\"7002\"}")));
    for (String op : List.of("GET /health", "GET /metrics", "GET /openapi.json")) {
      e.add(new Example("commands", op, 200, get(op.substring(4))));
    }
    // views
    Map<String, String> reads = new LinkedHashMap<>();
    reads.put("GET /departments/{dept}", "/departments/Docs");
    reads.put("GET /departments/{dept}/employees", "/departments/Docs/employees");
    reads.put("GET /departments/{dept}/employees/{id}", "/departments/Cmd/employees/8002");
    reads.put("GET /employees", "/employees?lastName=Doc");
    reads.put("GET /employees/{id}", "/employees/7002");
    reads.put("GET /employees/{id}/activity", "/employees/7002/activity");
    reads.put("GET /archive/departments/{dept}/employees/{id}", "/archive/departments/Docs/employees/7002");
    reads.forEach((op, path) -> {
      e.add(new Example("views", op, 400, get(path, "not-a-token")));
      e.add(new Example("views", op, 503, get(path, pending)));
    });
    e.add(new Example("views", "GET /departments/{dept}", 200, get("/departments/Docs")));
    e.add(new Example("views", "GET /departments/{dept}", 404, get("/departments/Nowhere")));
    e.add(new Example("views", "GET /departments/{dept}/employees", 200, get("/departments/Docs/employees?pageSize=1")));
    e.add(new Example("views", "GET /departments/{dept}/employees", 404, get("/departments/no_such/employees")));
    e.add(new Example("views", "GET /departments/{dept}/employees/{id}", 200, get("/departments/Docs/employees/7003")));
    e.add(new Example("views", "GET /departments/{dept}/employees/{id}", 404, get("/departments/Docs/employees/7002")));
    e.add(new Example("views", "GET /employees", 200, get("/employees?email=cy@docs.io")));
    e.add(new Example("views", "GET /employees/{id}", 200, get("/employees/7002")));
    e.add(new Example("views", "GET /employees/{id}", 404, get("/employees/1234567")));
    e.add(new Example("views", "GET /employees/{id}/activity", 200, get("/employees/7002/activity?top=1")));
    e.add(new Example("views", "GET /employees/{id}/activity", 404, get("/employees/1234567/activity")));
    e.add(new Example("views", "GET /archive/departments/{dept}/employees/{id}", 200, get("/archive/departments/Docs/employees/7002")));
    e.add(new Example("views", "GET /archive/departments/{dept}/employees/{id}", 404, get("/archive/departments/Docs/employees/7003")));
    String customer = "GET /orders/customers/{customerId}";
    e.add(new Example("views", customer, 200, get("/orders/customers/c0?status=shipped")));
    e.add(new Example("views", customer, 400, get("/orders/customers/c0?status=lost")));
    e.add(new Example("views", customer, 404, get("/orders/customers/c9")));
    e.add(new Example("views", customer, 503, get("/orders/customers/c0", pendingOrder)));
    String partition = "GET /view-sets/{viewSet}/{table}/{partitionKey}";
    e.add(new Example("views", partition, 200, get("/view-sets/orders/Customers/c0?prefix=sum&fields=Orders")));
    e.add(new Example("views", partition, 400, get("/view-sets/orders/Customers/c0?continuation=forged")));
    e.add(new Example("views", partition, 404, get("/view-sets/orders/Payslips/c0")));
    e.add(new Example("views", partition, 503, get("/view-sets/orders/Customers/c0", pendingOrder)));
    String row = "GET /view-sets/{viewSet}/{table}/{partitionKey}/{rowKey}";
    e.add(new Example("views", row, 200, get("/view-sets/orders/Customers/c0/summary")));
    e.add(new Example("views", row, 400, get("/view-sets/orders/Customers/c0/summary?fields=")));
    e.add(new Example("views", row, 404, get("/view-sets/payroll/Customers/c0/summary")));
    e.add(new Example("views", row, 503, get("/view-sets/orders/Customers/c0/summary", pendingOrder)));
    e.add(new Example("views", "GET /assets/{file}", 200, get("/assets/status.js")));
    e.add(new Example("views", "GET /assets/{file}", 404, get("/assets/secrets.txt")));
    for (String op : List.of("GET /", "GET /status", "GET /status/dashboard", "GET /health", "GET /metrics", "GET /openapi.json")) {
      e.add(new Example("views", op, 200, get(op.substring(4))));
    }
    return e;
  }
}
