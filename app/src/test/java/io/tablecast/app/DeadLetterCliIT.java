package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.common.config.Namespace;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.StorageFaults;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tablecast dlq list} and {@code replay}, run as an operator would (SPEC §4): events the
 * projector parked while storage refused its writes, replayed once the cause is gone, appear in
 * the views once, and leave the dead-letter count.
 */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class DeadLetterCliIT {

  private static final Duration RUN = Duration.ofSeconds(90);

  @Test
  void eventsParkedWhileAViewsTableRefusedWritesAreReplayedOnce_appearInTheViews_andLeaveTheCount(EmbeddedRuntime runtime,
      Namespace namespace, ChildJvms.Launcher jvms, @TempDir Path dir) {
    StorageFaults faults = new StorageFaults(3);
    faults.refuseWrites(namespace.table("EmployeeIndex"));
    try (Pipeline pipeline = Pipeline.start(runtime, namespace, dir.resolve("state"), List.of(faults))) {
      HttpTestClient commands = pipeline.commands();
      HttpTestClient views = pipeline.views();
      assertThat(commands.postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status()).isEqualTo(201);
      Response hired = commands.postJson("/employees",
          "{\"employeeId\":\"77\",\"departmentId\":\"Ops\",\"firstName\":\"Ida\",\"lastName\":\"Moss\",\"email\":\"ida@x.io\",\"age\":30}");
      assertThat(hired.status()).as(hired.raw().body()).isEqualTo(201);
      assertThat(commands.send(commands.request("/employees/77").header("Content-Type", "application/json")
          .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"age\":31}"))).status()).isEqualTo(200);
      await("the hire parked").atMost(RUN).until(() -> views.get("/status").json().get("dlqCount").asLong() >= 1);
      assertThat(views.get("/employees/77").status()).as("no locator: the view does not know the employee").isEqualTo(404);

      ChildJvm list = jvms.start(dir.resolve("list.out"), pipeline.env(), TablecastCli.class, "dlq", "list");
      assertThat(list.awaitExitCode(RUN)).as(list.tail()).isZero();
      assertThat(String.join("\n", list.output())).contains("0 of them replayed", "hr", namespace.topic("tablecast.employee-events"),
          "reason: 403");

      faults.refuseWrites(null);
      ChildJvm replay = jvms.start(dir.resolve("replay.out"), pipeline.env(), TablecastCli.class, "dlq", "replay", "--all");
      assertThat(replay.awaitExitCode(RUN)).as(replay.tail()).isZero();
      assertThat(String.join("\n", replay.output())).contains("replayed into", "hr generation 1", "0 still fail");

      await("the employee, as changed after its hire").atMost(RUN).untilAsserted(() -> {
        Response employee = views.get("/employees/77");
        assertThat(employee.status()).isEqualTo(200);
        assertThat(employee.json().get("age").asInt()).isEqualTo(31);
      });
      assertThat(views.get("/employees/77/activity").json().get("items")).as("the hire and the change, each once").hasSize(2);
      await("nothing left parked").atMost(RUN).until(() -> views.get("/status").json().get("dlqCount").asLong() == 0);

      ChildJvm again = jvms.start(dir.resolve("again.out"), pipeline.env(), TablecastCli.class, "dlq", "replay", "--all");
      assertThat(again.awaitExitCode(RUN)).as(again.tail()).isZero();
      assertThat(String.join("\n", again.output())).contains("skipped:", "Replayed 0 record(s)").doesNotContain("replayed into");
      assertThat(views.get("/employees/77/activity").json().get("items")).hasSize(2);
    }
  }
}
