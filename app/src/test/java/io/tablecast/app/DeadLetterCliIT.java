package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EventTopicNames;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.EventTopicWriter;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.StorageFaults;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tablecast dlq list} and {@code replay}, run as an operator would (SPEC §4): events the
 * projector parked while storage refused its writes, replayed once the cause is gone, appear in
 * the views once, and leave the dead-letter count; a replay by offset or by reason takes only the
 * records it names, and the others stay parked and counted.
 */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class DeadLetterCliIT {

  private static final Duration RUN = Duration.ofSeconds(90);

  @Test
  void eventsParkedWhileAViewsTableRefusedWritesAreReplayedOnce_appearInTheViews_andLeaveTheCount(EmbeddedRuntime runtime,
      Namespace namespace, ChildJvms.Launcher jvms, @TempDir Path dir) {
    try (Parking parking = Parking.start(runtime, namespace, jvms, dir)) {
      HttpTestClient commands = parking.pipeline.commands();
      parking.hire("77");
      assertThat(commands.send(commands.request("/employees/77").header("Content-Type", "application/json")
          .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"age\":31}"))).status()).isEqualTo(200);
      await("the hire parked").atMost(RUN).until(() -> parking.dlqCount() >= 1);
      assertThat(parking.employee("77").status()).as("no locator: the view does not know the employee").isEqualTo(404);

      assertThat(parking.dlq(0, "list")).contains("0 of them replayed", "hr", namespace.topic("tablecast.employee-events"),
          "reason: 403");

      parking.lift();
      assertThat(parking.dlq(0, "replay", "--all")).contains("replayed into", "hr generation 1", "0 still fail");

      await("the employee, as changed after its hire").atMost(RUN).untilAsserted(() -> {
        Response employee = parking.employee("77");
        assertThat(employee.status()).isEqualTo(200);
        assertThat(employee.json().get("age").asInt()).isEqualTo(31);
      });
      assertThat(parking.views.get("/employees/77/activity").json().get("items")).as("the hire and the change, each once").hasSize(2);
      await("nothing left parked").atMost(RUN).until(() -> parking.dlqCount() == 0);

      assertThat(parking.dlq(0, "replay", "--all")).contains("skipped:", "Replayed 0 record(s)").doesNotContain("replayed into");
      assertThat(parking.views.get("/employees/77/activity").json().get("items")).hasSize(2);
    }
  }

  @Test
  void aReplayByOffsetReplaysTheRecordThereAlone_theOthersStayParkedAndCounted(EmbeddedRuntime runtime, Namespace namespace,
      ChildJvms.Launcher jvms, @TempDir Path dir) {
    try (Parking parking = Parking.start(runtime, namespace, jvms, dir)) {
      parking.hire("77");
      await("the first hire parked").atMost(RUN).until(() -> parking.dlqCount() == 1);
      String first = Listed.of(parking.dlq(0, "list")).get(0).place();
      parking.hire("78");
      await("the second hire parked").atMost(RUN).until(() -> parking.dlqCount() == 2);
      parking.lift();

      assertThat(parking.dlq(0, "replay", "--offset", first)).containsPattern(Pattern.quote(first) + " +replayed into +hr generation 1")
          .contains("Replayed 1 record(s); 0 still fail");

      await("the hire replayed").atMost(RUN).until(() -> parking.employee("77").status() == 200);
      assertThat(parking.employee("78").status()).as("the hire not asked for is still parked").isEqualTo(404);
      await("one record left parked").atMost(RUN).until(() -> parking.dlqCount() == 1);
      String list = parking.dlq(0, "list");
      assertThat(list).contains("2 parked, 1 of them replayed");
      assertThat(Listed.of(list)).filteredOn(Listed::replayed).extracting(Listed::place).containsExactly(first);
    }
  }

  @Test
  void aReplayByReasonReplaysOnlyTheRecordsWhoseReasonHasTheText(EmbeddedRuntime runtime, Namespace namespace, ChildJvms.Launcher jvms,
      @TempDir Path dir) {
    try (Parking parking = Parking.start(runtime, namespace, jvms, dir);
        EventTopicWriter writer = new EventTopicWriter(runtime.bootstrapServers(), TopicNames.of(namespace, EventTopicNames.ALL))) {
      parking.hire("77");
      writer.writeRaw(namespace.topic("tablecast.employee-events"), "00000078", "not an event".getBytes(StandardCharsets.UTF_8));
      await("the hire and the undecodable record parked").atMost(RUN).until(() -> parking.dlqCount() == 2);
      assertThat(Listed.of(parking.dlq(0, "list"))).extracting(Listed::reason).anyMatch(r -> r.startsWith("403"))
          .anyMatch(r -> r.startsWith("BAD_HEADER"));
      parking.lift();

      assertThat(parking.dlq(1, "replay", "--reason", "bad_header")).contains("still fails:", "1 still fail and stay parked")
          .doesNotContain("replayed into");
      assertThat(parking.employee("77").status()).as("the hire's reason has no 'bad_header': not replayed, though it now could be")
          .isEqualTo(404);

      assertThat(parking.dlq(0, "replay", "--reason", "403")).contains("replayed into", "Replayed 1 record(s); 0 still fail")
          .doesNotContain("still fails:");
      await("the hire replayed").atMost(RUN).until(() -> parking.employee("77").status() == 200);
      await("the undecodable record left parked").atMost(RUN).until(() -> parking.dlqCount() == 1);
      List<Listed> listed = Listed.of(parking.dlq(0, "list"));
      assertThat(listed).filteredOn(Listed::replayed).singleElement().extracting(Listed::reason).asString().startsWith("403");
      assertThat(listed).filteredOn(l -> !l.replayed()).singleElement().extracting(Listed::reason).asString().startsWith("BAD_HEADER");
    }
  }

  /**
   * A pipeline whose projector storage refuses every write to the employee index until {@link
   * #lift}, so that the hires it is given are parked, and the operator's {@code dlq} commands run
   * against it; department Ops exists.
   */
  private static final class Parking implements AutoCloseable {

    private final Pipeline pipeline;
    private final StorageFaults faults;
    private final HttpTestClient views;
    private final ChildJvms.Launcher jvms;
    private final Path dir;
    private int runs;

    private Parking(Pipeline pipeline, StorageFaults faults, ChildJvms.Launcher jvms, Path dir) {
      this.pipeline = pipeline;
      this.faults = faults;
      this.views = pipeline.views();
      this.jvms = jvms;
      this.dir = dir;
    }

    static Parking start(EmbeddedRuntime runtime, Namespace namespace, ChildJvms.Launcher jvms, Path dir) {
      StorageFaults faults = new StorageFaults(3);
      faults.refuseWrites(namespace.table("EmployeeIndex"));
      Parking parking = new Parking(Pipeline.start(runtime, namespace, dir.resolve("state"), List.of(faults)), faults, jvms, dir);
      assertThat(parking.pipeline.commands().postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status())
          .isEqualTo(201);
      return parking;
    }

    void hire(String id) {
      Response hired = pipeline.commands().postJson("/employees", "{\"employeeId\":\"" + id
          + "\",\"departmentId\":\"Ops\",\"firstName\":\"Ida\",\"lastName\":\"Moss\",\"email\":\"ida" + id + "@x.io\",\"age\":30}");
      assertThat(hired.status()).as(hired.raw().body()).isEqualTo(201);
    }

    /** The cause is gone: storage takes the projector's writes again. */
    void lift() {
      faults.refuseWrites(null);
    }

    Response employee(String id) {
      return views.get("/employees/" + id);
    }

    long dlqCount() {
      return views.get("/status").json().get("dlqCount").asLong();
    }

    /** Runs {@code tablecast dlq ARGS} in a JVM of its own, as an operator would; its output, once it exits with {@code exitCode}. */
    String dlq(int exitCode, String... args) {
      List<String> command = new ArrayList<>(List.of("dlq"));
      command.addAll(List.of(args));
      ChildJvm cli = jvms.start(dir.resolve("dlq-" + ++runs + ".out"), pipeline.env(), TablecastCli.class, command.toArray(String[]::new));
      assertThat(cli.awaitExitCode(RUN)).as(cli.tail()).isEqualTo(exitCode);
      return String.join("\n", cli.output());
    }

    @Override
    public void close() {
      pipeline.close();
    }
  }

  /** A record as {@code dlq list} shows it: its place on the topic, whether it was replayed, and why it was parked. */
  private record Listed(String place, boolean replayed, String reason) {

    private static final Pattern RECORD = Pattern.compile("(?m)^ {2}(\\d+:\\d+) .* parked .*?(  \\(replayed\\))?\\n {4}reason: (.*)$");

    static List<Listed> of(String list) {
      List<Listed> listed = new ArrayList<>();
      Matcher matcher = RECORD.matcher(list);
      while (matcher.find()) {
        listed.add(new Listed(matcher.group(1), matcher.group(2) != null, matcher.group(3)));
      }
      return listed;
    }
  }
}
