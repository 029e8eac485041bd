package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code tablecast demo-load}, the docker-compose demo's loader, against the embedded pipeline:
 * it waits until the views show what it sent, and a second run changes nothing.
 */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class})
class DemoLoadIT {

  private static final int EMPLOYEES = 60;

  private static int load(Pipeline pipeline) {
    return TablecastCli.commandLine().execute("demo-load", "--employees", String.valueOf(EMPLOYEES),
        "--commands", pipeline.commands().base().toString(), "--views", pipeline.views().base().toString());
  }

  private static Map<String, Integer> counts(Pipeline pipeline) {
    return DemoScenario.DEPARTMENTS.stream().collect(Collectors.toMap(d -> d,
        d -> pipeline.views().get("/departments/" + d).json().get("employeeCount").asInt()));
  }

  @Test
  void loadsTheDemoUntilTheViewsShowItAndASecondRunWritesNothingNew(Pipeline pipeline) {
    assertThat(load(pipeline)).isZero();

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
  }
}
