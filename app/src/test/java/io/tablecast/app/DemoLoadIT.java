package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.common.config.Env;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import picocli.CommandLine;

/**
 * {@code tablecast demo-load}, the docker-compose demo's loader, against the embedded pipeline:
 * it waits until the views show what it sent, HR's and the orders example's, and a second run
 * changes nothing.
 */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class})
class DemoLoadIT {

  private static final int EMPLOYEES = 60;
  private static final int ORDERS = 21;

  private static int load(Pipeline pipeline) {
    return new CommandLine(new DemoLoadCommand(Env.of(pipeline.env()))).execute("--employees", String.valueOf(EMPLOYEES),
        "--orders", String.valueOf(ORDERS), "--commands", pipeline.commands().base().toString(), "--views", pipeline.views().base().toString());
  }

  /** Each order of customer c1, by its row key, with its status and version. */
  private static Map<String, String> ordersOfC1(Pipeline pipeline) {
    JsonNode orders = pipeline.views().get("/orders/customers/c1").json().get("orders");
    return StreamSupport.stream(orders.spliterator(), false).collect(Collectors.toMap(row -> row.get("rowKey").asText(),
        row -> row.get("properties").get("Status").asText() + " v" + row.get("properties").get("Version").asLong()));
  }

  private static Map<String, Integer> counts(Pipeline pipeline) {
    return DemoScenario.DEPARTMENTS.stream().collect(Collectors.toMap(d -> d,
        d -> pipeline.views().get("/departments/" + d).json().get("employeeCount").asInt()));
  }

  @Test
  void loadsTheDemoUntilTheViewsShowItAndASecondRunWritesNothingNew(Pipeline pipeline) {
    assertThat(load(pipeline)).isZero();

    JsonNode c1 = pipeline.views().get("/orders/customers/c1").json().get("summary");
    assertThat(List.of(c1.get("Orders").asLong(), c1.get("Open").asLong())).as("c1 placed o0001, o0006, o0011, o0016 and o0021, "
        + "and o0006 and o0021 shipped").containsExactly(5L, 3L);
    Map<String, String> orders = ordersOfC1(pipeline);
    assertThat(orders).containsEntry("order_o0006", "shipped v2").containsEntry("order_o0001", "placed v1").hasSize(5);

    assertThat(counts(pipeline)).isEqualTo(DemoScenario.expectedCounts(EMPLOYEES));
    Response transferred = pipeline.views().get("/employees/7");
    assertThat(transferred.json().get("departmentId").asText()).isEqualTo(DemoScenario.finalDepartment(7));
    Response renamed = pipeline.views().get("/employees/30");
    assertThat(renamed.json().get("lastName").asText()).isEqualTo(DemoScenario.lastName(30)).endsWith("-Park");
    Response archived = pipeline.views().get("/archive/departments/" + DemoScenario.department(20) + "/employees/20");
    assertThat(archived.status()).isEqualTo(200);
    Response manager = pipeline.views().get("/departments/Engineering");
    assertThat(manager.json().get("manager").get("employeeId").asText()).isEqualTo("00000001");
    long versionBefore = pipeline.views().get("/employees/30").json().get("version").asLong();

    assertThat(load(pipeline)).isZero();

    assertThat(counts(pipeline)).isEqualTo(DemoScenario.expectedCounts(EMPLOYEES));
    assertThat(pipeline.views().get("/employees/30").json().get("version").asLong()).isEqualTo(versionBefore);
    assertThat(pipeline.views().get("/orders/customers/c1").json().get("summary")).isEqualTo(c1);
    assertThat(ordersOfC1(pipeline)).isEqualTo(orders);
  }

  @Test
  void aNegativeOrderCountIsAUsageErrorBeforeAnyServiceIsAsked() {
    int exit = new CommandLine(new DemoLoadCommand(Env.of(Map.of()))).execute("--orders", "-1", "--commands", "http://127.0.0.1:9",
        "--timeout", "PT1S");

    assertThat(exit).as("a service asked first would fail to answer instead").isEqualTo(2);
  }
}
