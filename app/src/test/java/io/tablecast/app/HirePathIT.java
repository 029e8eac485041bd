package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EventMetadata;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.testkit.EventTopicWriter;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The foundation's one real path: HTTP commands → Kafka Streams command processor → Avro events →
 * projector EGT → views HTTP, against the real broker and Azurite.
 */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class})
class HirePathIT {

  private static final Duration PROJECTION = Duration.ofSeconds(30);

  @Test
  void aHiredEmployeeIsServedByTheViewsApi(Pipeline pipeline) {
    Response created = pipeline.commands().postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales EMEA\"}");
    assertThat(created.status()).isEqualTo(201);
    assertThat(created.json().get("aggregateId").asText()).isEqualTo("Sales");
    assertThat(created.json().get("version").asLong()).isEqualTo(1);
    assertThat(created.header("ETag")).isEqualTo("\"1\"");

    Response hired = pipeline.commands().postJson("/employees", """
        {"employeeId":"42","departmentId":"Sales","firstName":"Ann","lastName":"O'Brien",
         "email":"Ann.OBrien@Example.com","age":34}""");
    assertThat(hired.status()).isEqualTo(201);
    JsonNode body = hired.json();
    assertThat(body.get("aggregateId").asText()).isEqualTo("00000042");
    assertThat(body.get("version").asLong()).isEqualTo(1);
    assertThat(body.get("commandId").asText()).isNotBlank();
    assertThat(ConsistencyToken.parse(body.get("consistencyToken").asText()))
        .contains(new ConsistencyToken.AggregateVersion("employee", "00000042", 1));

    Response employee = await().atMost(PROJECTION).until(
        () -> pipeline.views().get("/departments/Sales/employees/42"), r -> r.status() == 200);
    JsonNode view = employee.json();
    assertThat(view.get("employeeId").asText()).isEqualTo("00000042");
    assertThat(view.get("departmentId").asText()).isEqualTo("Sales");
    assertThat(view.get("firstName").asText()).isEqualTo("Ann");
    assertThat(view.get("lastName").asText()).isEqualTo("O'Brien");
    assertThat(view.get("email").asText()).isEqualTo("Ann.OBrien@Example.com");
    assertThat(view.get("age").asInt()).isEqualTo(34);
    assertThat(view.get("status").asText()).isEqualTo("Active");
    assertThat(view.get("version").asLong()).isEqualTo(1);
    assertThat(view.get("hiredAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");

    Response department = await().atMost(PROJECTION).until(
        () -> pipeline.views().get("/departments/Sales"), r -> r.status() == 200 && r.json().get("employeeCount").asInt() == 1);
    assertThat(department.json().get("name").asText()).isEqualTo("Sales EMEA");
    assertThat(department.json().get("version").asLong()).isEqualTo(1);
    assertThat(department.json().get("manager").isNull()).isTrue();
  }

  @Test
  void theHireIsOneEgtOfEmployeeEmailCopyAndCount(Pipeline pipeline) {
    pipeline.commands().postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}");
    pipeline.commands().postJson("/employees", """
        {"employeeId":"00000007","departmentId":"Ops","firstName":"Bo","lastName":"Ek","email":"bo@x.io","age":40}""");

    TableClient employees = pipeline.azure().table(pipeline.generation().table(ViewTable.EMPLOYEES));
    await().atMost(PROJECTION).until(() -> partition(employees, "Ops").size() == 3);

    Map<String, TableEntity> rows = partition(employees, "Ops");
    assertThat(rows).containsOnlyKeys("department", "empid_00000007", "email_bo@x.io");
    assertThat(rows.get("department").getProperty("EmployeeCount")).isEqualTo(1);
    assertThat(rows.get("department").getProperty("EntityType")).isEqualTo("Department");
    TableEntity employee = rows.get("empid_00000007");
    TableEntity copy = rows.get("email_bo@x.io");
    assertThat(employee.getProperty("EntityType")).isEqualTo("Employee");
    assertThat(copy.getProperty("EntityType")).isEqualTo("EmployeeEmail");
    assertThat(copy.getProperty("EmployeeId")).isEqualTo("00000007");
    assertThat(employee.getProperty("Version")).isEqualTo(1L);
    assertThat(copy.getProperty("EventId")).isEqualTo(employee.getProperty("EventId"));
    // The largest EGT the projector wrote held three operations: the count, the employee and its copy.
    String metrics = pipeline.projector().get("/metrics").raw().body();
    assertThat(metrics).containsPattern("(?m)^tablecast_projector_egt_size_max(\\{[^}]*\\})? 3\\.0$");
  }

  /**
   * The hire comes over HTTP with authentication off; the change is written onto the event topic
   * as the processor records an authenticated command's event, with its caller's subject.
   */
  @Test
  void theActivityNamesWhoCausedEachEvent_anonymousWhenNobodyAuthenticated(Pipeline pipeline, EmbeddedRuntime runtime) {
    pipeline.commands().postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}");
    assertThat(pipeline.commands().postJson("/employees", """
        {"employeeId":"9","departmentId":"Ops","firstName":"Bo","lastName":"Ek","email":"bo@x.io","age":40}""").status())
        .isEqualTo(201);
    EmployeeId bo = new EmployeeId(9);
    EventMetadata byAdmin = new EventMetadata(UUID.randomUUID(), "c-admin", bo.canonical(), 2, Instant.now(),
        new Actor("3f2504e0-4f89-11d3-9a0c-0305e82c3301"));
    try (EventTopicWriter events = new EventTopicWriter(runtime.bootstrapServers(),
        TopicNames.of(pipeline.namespace(), EventTopicNames.ALL))) {
      events.write(List.of(new EmployeeDetailsChanged(byAdmin, bo, new DepartmentId("Ops"), "Bo", "Ek-Lund", "bo@x.io", 41)));
    }

    Response activity = await().atMost(PROJECTION).until(() -> pipeline.views().get("/employees/9/activity"),
        r -> r.status() == 200 && r.json().get("items").size() == 2);

    assertThat(activity.json().get("items")).extracting(item -> item.get("actor").asText())
        .containsExactly("3f2504e0-4f89-11d3-9a0c-0305e82c3301", "anonymous");
  }

  @Test
  void hiringIntoAnUnknownDepartmentIsRefusedWith422(Pipeline pipeline) {
    Response response = pipeline.commands().postJson("/employees", """
        {"employeeId":"1","departmentId":"Nowhere","firstName":"A","lastName":"B","email":"a@b.c","age":30}""");

    assertThat(response.status()).isEqualTo(422);
    assertThat(response.contentType()).startsWith("application/problem+json");
    assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("departmentId");
  }

  @Test
  void unknownDepartmentsAndImpossibleIdsAre404(Pipeline pipeline) {
    assertThat(pipeline.views().get("/departments/Nowhere").status()).isEqualTo(404);
    assertThat(pipeline.views().get("/departments/Sales/employees/12a").status()).isEqualTo(404);
    assertThat(pipeline.views().get("/departments/Sales/employees/12a").contentType()).startsWith("application/problem+json");
  }

  private static Map<String, TableEntity> partition(TableClient table, String partitionKey) {
    List<TableEntity> rows = table.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + partitionKey + "'"), null, null)
        .stream().toList();
    return rows.stream().collect(Collectors.toMap(TableEntity::getRowKey, e -> e));
  }
}
