package io.tablecast.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.app.DemoScenario;
import io.tablecast.testkit.HttpTestClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

/**
 * The demo loader's scenario, driven through the HTTP APIs of the service containers, while the
 * projector's container is killed mid-load and started again: the views converge on exactly what
 * the loader sent, with nothing lost and nothing doubled.
 */
@ExtendWith({RequiresDocker.class, ContainerStackExtension.class})
class ProjectorRestartIT {

  private static final int EMPLOYEES = 300;

  @Test
  void theViewsConvergeWithNothingLostWhenTheProjectorIsKilledMidLoad(ContainerStack stack) {
    try (GenericContainer<?> loader = stack.demoLoader(EMPLOYEES)) {
      loader.start();
      await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
          .until(() -> totalEmployees(stack.views()) >= 20);
      int seenBeforeKill = totalEmployees(stack.views());

      stack.killAndRestartProjector();

      assertThat(seenBeforeKill).isLessThan(EMPLOYEES - 15);
      long exitCode = await().atMost(Duration.ofMinutes(6)).pollInterval(Duration.ofSeconds(1))
          .until(() -> exitCode(loader), code -> code != null);
      assertThat(exitCode).as("the demo loader's exit code (it waits for the expected counts)").isZero();
    }
    HttpTestClient views = stack.views();
    assertThat(counts(views)).isEqualTo(DemoScenario.expectedCounts(EMPLOYEES));
    IntStream.rangeClosed(1, EMPLOYEES).forEach(id -> {
      JsonNode employee = views.get("/employees/" + id).json();
      assertThat(employee.get("departmentId").asText()).as("employee %d", id).isEqualTo(DemoScenario.finalDepartment(id));
      assertThat(employee.get("status").asText()).as("employee %d", id).isEqualTo(DemoScenario.isArchived(id) ? "Archived" : "Active");
    });
    // A message the killed workers held reappears after the visibility timeout (2 min), and its
    // employees' lease (3 min) must lapse before another worker takes them over.
    await().atMost(Duration.ofMinutes(6)).pollInterval(Duration.ofSeconds(2)).untilAsserted(() -> {
      JsonNode status = views.get("/status").json();
      assertThat(status.get("dlqCount").asInt()).isZero();
      assertThat(StreamSupport.stream(status.get("queues").spliterator(), false))
          .allSatisfy(q -> assertThat(q.get("depth").asInt() + q.get("poisonDepth").asInt()).as(q.get("name").asText()).isZero());
    });
    List<String> renamedLees = IntStream.rangeClosed(1, EMPLOYEES)
        .filter(id -> DemoScenario.lastName(id).equals("Lee-Park") && !DemoScenario.isArchived(id))
        .mapToObj(id -> String.format("%08d", id)).toList();
    assertThat(renamedLees).isNotEmpty();
    assertThat(StreamSupport.stream(views.get("/employees?lastName=Lee-Park").json().get("items").spliterator(), false)
        .map(e -> e.get("employeeId").asText())).containsExactlyInAnyOrderElementsOf(renamedLees);
  }

  private static Long exitCode(GenericContainer<?> container) {
    var state = DockerClientFactory.instance().client().inspectContainerCmd(container.getContainerId()).exec().getState();
    return Boolean.TRUE.equals(state.getRunning()) ? null : state.getExitCodeLong();
  }

  private static Map<String, Integer> counts(HttpTestClient views) {
    return DemoScenario.DEPARTMENTS.stream().collect(Collectors.toMap(d -> d, d -> count(views, d)));
  }

  private static int count(HttpTestClient views, String department) {
    HttpTestClient.Response r = views.get("/departments/" + department);
    return r.status() == 200 ? r.json().get("employeeCount").asInt() : 0;
  }

  private static int totalEmployees(HttpTestClient views) {
    return DemoScenario.DEPARTMENTS.stream().mapToInt(d -> count(views, d)).sum();
  }
}
