package io.tablecast.devmode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.devmode.fixtures.DevModeProcess;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.LongRun;
import io.tablecast.testkit.TestIssuer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code ./tablecast dev} as a user runs it from a terminal: start, the README's curl walkthrough,
 * Ctrl-C (SIGINT to the whole process group, as a terminal sends it) with exit code 0, nothing left
 * running, a second start that finds the data of the first; and the ways a start is refused
 * or a run ends badly: a second instance, a taken port, kill -9, Azurite dying under it.
 */
@ExtendWith(ChildJvms.class)
class DevModeIT {

  private static final Logger log = LoggerFactory.getLogger(DevModeIT.class);
  /** What a refused start may take: a JVM start and a few checks. */
  private static final Duration REFUSAL = Duration.ofSeconds(15);
  /** How long a stop may take, whatever state the dependencies are in (about 30 s, plus slack). */
  private static final Duration STOP = Duration.ofSeconds(40);
  /** How long a read may take to show a write: the projector, then the queue workers for the indexes. */
  private static final Duration READ = Duration.ofSeconds(30);
  private static final String UNCLEAN = "did not stop cleanly; re-applying what the store lost and re-queuing pending work.";

  @TempDir Path dir;

  @Test
  void runsTheWalkthroughStopsCleanlyOnCtrlCAndReusesItsDataOnTheNextStart(ChildJvms.Launcher jvms) {
    int offset = DevModeProcess.freePortOffset();
    Path dataDir = dir.resolve(".tablecast");

    DevModeProcess first = start(jvms, dataDir, offset, "first");
    runTheReadmesWalkthrough(first);

    stop(first, "INT");
    assertThat(record(dataDir)).extracting(RunRecord::pid, RunRecord::stoppedCleanly).containsExactly(first.jvm().jvm().pid(), true);

    DevModeProcess second = start(jvms, dataDir, offset, "second");
    assertThat(second.jvm().output()).noneMatch(line -> line.contains(UNCLEAN));
    // The walkthrough ends with employee 42 archived.
    Response employee = new HttpTestClient(second.views()).get("/archive/departments/Sales/employees/42");
    assertThat(employee.status()).isEqualTo(200);
    assertThat(employee.json().get("email").asText()).isEqualTo("ann@example.com");
    assertThat(employee.json().get("lastName").asText()).isEqualTo("Lee-Park");
    // The command processor restored its state: the department still exists.
    assertThat(new HttpTestClient(second.commands()).postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}")
        .status()).isEqualTo(409);

    stop(second, "INT");
  }

  @Test
  @LongRun
  void aSecondStartIsRefusedInOneLineWhileTheFirstRunsAndTheStartAfterAKill9OfTheFirstRecoversIt(ChildJvms.Launcher jvms) {
    int offset = DevModeProcess.freePortOffset();
    Path dataDir = dir.resolve(".tablecast");
    DevModeProcess first = start(jvms, dataDir, offset, "first");
    RunRecord firstRun = record(dataDir);
    Set<String> filesBefore = files(dataDir);
    long launcherModified = dataDir.resolve("runtime/azurite/azurite-launcher.js").toFile().lastModified();

    // On free ports of its own: only the data directory's lock stands in its way.
    ChildJvm second = DevModeProcess.launch(jvms, dir.resolve("second.out"), dataDir, DevModeProcess.freePortOffset());
    int exitCode = second.awaitExitCode(REFUSAL);

    assertThat(exitCode).isNotZero();
    assertThat(nonBlank(second.output())).singleElement().isEqualTo("Dev mode is already running in "
        + dataDir.toAbsolutePath().normalize() + " (pid " + first.jvm().jvm().pid() + "); stop it first, or give this one another --data-dir.");
    assertThat(record(dataDir)).isEqualTo(firstRun);
    assertThat(files(dataDir)).isEqualTo(filesBefore);
    assertThat(dataDir.resolve("runtime/azurite/azurite-launcher.js").toFile().lastModified()).isEqualTo(launcherModified);
    assertThat(new HttpTestClient(first.projector()).get("/health").status()).isEqualTo(200);

    List<ProcessHandle> processes = first.jvm().descendants();
    first.jvm().signal("KILL");
    assertThat(first.jvm().awaitExit(Duration.ofSeconds(10))).isTrue();
    awaitGone(processes); // Azurite stops by itself once its lifeline closes; its ports are free again

    DevModeProcess third = start(jvms, dataDir, offset, "third");
    List<String> output = third.jvm().output();
    assertThat(output).contains("The previous run (pid " + firstRun.pid() + ") " + UNCLEAN);
    assertThat(output).anyMatch(line -> line.contains("deadWorkerInstance=Optional[" + firstRun.workerInstance() + "]"));
    assertThat(record(dataDir)).satisfies(run -> {
      assertThat(run.pid()).isEqualTo(third.jvm().jvm().pid());
      assertThat(run.workerInstance()).isNotEqualTo(firstRun.workerInstance());
      assertThat(run.stoppedCleanly()).isFalse();
    });

    stop(third, "TERM");
    assertThat(record(dataDir).stoppedCleanly()).as("a SIGTERM stops cleanly:\n%s", third.jvm().tail()).isTrue();
  }

  @Test
  void aTakenPortStopsTheStartAtOnceNamingThePortItsServiceAndThePortOffsetHint(ChildJvms.Launcher jvms) throws IOException {
    int offset = DevModeProcess.freePortOffset();
    Path dataDir = dir.resolve(".tablecast");
    try (ServerSocket taken = new ServerSocket(8082 + offset, 1, InetAddress.getByName("127.0.0.1"))) {
      ChildJvm dev = DevModeProcess.launch(jvms, dir.resolve("dev.out"), dataDir, offset);

      assertThat(dev.awaitExitCode(REFUSAL)).isNotZero();
      assertThat(nonBlank(dev.output())).singleElement().asString()
          .startsWith("Port " + taken.getLocalPort() + " (views service) is already in use on 127.0.0.1;")
          .contains("--port-offset ");
      try (Stream<Path> entries = Files.list(dataDir)) {
        assertThat(entries).as("nothing started").extracting(p -> p.getFileName().toString()).containsExactly("dev.lock");
      }
    }
  }

  @Test
  @LongRun
  void whenAzuriteDiesDevModeSaysSoInOneLineStopsWithinBoundsAndTheNextStartRecovers(ChildJvms.Launcher jvms) {
    int offset = DevModeProcess.freePortOffset();
    Path dataDir = dir.resolve(".tablecast");
    DevModeProcess first = start(jvms, dataDir, offset, "first");
    List<ProcessHandle> processes = first.jvm().descendants();
    ProcessHandle azurite = first.azurite();

    long killed = System.nanoTime();
    azurite.destroyForcibly();

    assertThat(first.jvm().awaitExitCode(STOP)).isEqualTo(1);
    log.info("dev mode exited {} ms after Azurite was killed", (System.nanoTime() - killed) / 1_000_000);
    awaitGone(processes);
    assertThat(first.jvm().output()).filteredOn(line -> line.contains("Azurite") && line.contains("exited")).singleElement()
        .asString().startsWith("Azurite (node, pid " + azurite.pid() + ") exited unexpectedly with code 137; its log is "
            + dataDir.toAbsolutePath().normalize().resolve("runtime/azurite/azurite.log"))
        .endsWith("; stopping dev mode.");
    assertThat(record(dataDir).stoppedCleanly()).as("the store may have lost writes").isFalse();

    DevModeProcess second = start(jvms, dataDir, offset, "second");
    assertThat(second.jvm().output()).contains("The previous run (pid " + first.jvm().jvm().pid() + ") " + UNCLEAN);

    // A SIGTERM while Azurite is already gone: the stop must not wait on it, or on anything else.
    List<ProcessHandle> secondProcesses = second.jvm().descendants();
    second.azurite().destroyForcibly();
    long terminated = System.nanoTime();
    second.jvm().signal("TERM");

    assertThat(second.jvm().awaitExit(STOP)).as("exits within %s:\n%s", STOP, second.jvm().tail()).isTrue();
    log.info("dev mode exited {} ms after SIGTERM", (System.nanoTime() - terminated) / 1_000_000);
    awaitGone(secondProcesses);
    assertThat(record(dataDir).stoppedCleanly()).isFalse();
  }

  /**
   * Runs every curl line of the README's "Try it" section, in order, on this run's ports. A command
   * answers 2xx, or exactly the status the README shows below it; a read answers 200 with something
   * in it, within {@link #READ}, as the views follow the commands asynchronously.
   */
  @Test
  @LongRun
  void withAnIssuerSetDevModeAsksForTokens_refusingARequestWithoutOne_andLettingInOneWithItsScope(ChildJvms.Launcher jvms) {
    try (TestIssuer issuer = TestIssuer.start()) {
      DevModeProcess dev = DevModeProcess.start(jvms, dir.resolve("auth.out"), dir.resolve(".tablecast"), DevModeProcess.freePortOffset(),
          Map.of("TABLECAST_AUTH_ISSUER", issuer.issuer(), "TABLECAST_AUTH_AUDIENCE", TestIssuer.AUDIENCE));
      try {
        HttpTestClient commands = new HttpTestClient(dev.commands());
        HttpTestClient views = new HttpTestClient(dev.views());
        String sales = "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}";
        HttpRequest.Builder create = commands.request("/departments").header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(sales));

        assertThat(commands.postJson("/departments", sales).status()).as("a command without a token").isEqualTo(401);
        assertThat(commands.send(create.header("Authorization", issuer.bearer("commands.write"))).status()).isEqualTo(201);
        assertThat(views.get("/departments/Sales").status()).as("a read without a token").isEqualTo(401);
        String reader = issuer.bearer("views.read");
        await("the department, read with a token").atMost(READ).until(() ->
            views.send(views.request("/departments/Sales").GET().header("Authorization", reader)).status() == 200);
        assertThat(dev.jvm().output()).noneMatch(line -> line.contains("authentication is off"));
      } finally {
        dev.stop();
      }
    }
  }

  private static void runTheReadmesWalkthrough(DevModeProcess dev) {
    HttpTestClient http = new HttpTestClient(dev.commands());
    Map<String, URI> servers = Map.of("localhost:8081", dev.commands(), "localhost:8082", dev.views());
    for (ReadmeCurl.Step step : ReadmeCurl.tryIt()) {
      long started = System.nanoTime();
      Supplier<Response> send = () -> http.send(step.call().request(servers));
      if (step.shownStatus().isPresent()) {
        answersAsShown(send.get(), step);
      } else if (step.call().method().equals("GET")) {
        await(step.line()).atMost(READ).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> readsSomething(send.get(), step));
      } else {
        assertThat(send.get().status()).as(step.line()).isBetween(200, 299);
      }
      log.info("README line answered in {} ms: {}", (System.nanoTime() - started) / 1_000_000, step.line());
    }
  }

  private static void answersAsShown(Response response, ReadmeCurl.Step step) {
    assertThat(response.status()).as("%s answered %s", step.line(), response.raw().body()).isEqualTo(step.shownStatus().getAsInt());
    if (response.status() >= 400) {
      assertThat(response.contentType()).as(step.line()).startsWith("application/problem+json");
    }
  }

  /** A 200 with a non-empty body: an object with fields, or a list with items. */
  private static void readsSomething(Response response, ReadmeCurl.Step step) {
    assertThat(response.status()).as("%s answered %s", step.line(), response.raw().body()).isEqualTo(200);
    JsonNode body = response.json();
    assertThat(body.has("items") ? body.get("items") : body).as("%s answered %s", step.line(), body).isNotEmpty();
  }

  private DevModeProcess start(ChildJvms.Launcher jvms, Path dataDir, int offset, String name) {
    long started = System.nanoTime();
    DevModeProcess dev = DevModeProcess.start(jvms, dir.resolve(name + ".out"), dataDir, offset);
    log.info("dev mode ({} start) ready in {} ms", name, (System.nanoTime() - started) / 1_000_000);
    assertThat(dev.jvm().output()).as("./tablecast runs the jar the build made, without building again")
        .noneMatch(line -> line.startsWith("Building Tablecast"));
    return dev;
  }

  /**
   * Stops dev mode with {@code signal}: "INT" is a terminal's Ctrl-C, sent to the whole process
   * group; "TERM" goes to the JVM alone, as a service manager sends it. Either way dev mode stops in
   * order, says so, prints no stack trace, exits with 0, and leaves nothing running.
   */
  private static void stop(DevModeProcess dev, String signal) {
    List<ProcessHandle> descendants = dev.jvm().descendants();
    assertThat(descendants).as("dev mode runs Azurite as a child process").isNotEmpty();
    int linesBefore = dev.jvm().output().size();

    long signalled = System.nanoTime();
    if (signal.equals("INT")) {
      dev.jvm().signalGroup(signal);
    } else {
      dev.jvm().signal(signal);
    }

    assertThat(dev.jvm().awaitExitCode(STOP)).as("dev mode's exit code on SIG%s:\n%s", signal, dev.jvm().tail()).isZero();
    log.info("dev mode exited {} ms after SIG{}", (System.nanoTime() - signalled) / 1_000_000, signal);
    List<String> stopOutput = dev.jvm().output().subList(linesBefore, dev.jvm().output().size());
    assertThat(stopOutput).as("what dev mode printed while it stopped").anyMatch(line -> line.startsWith("Tablecast stopped cleanly in "))
        .noneMatch(line -> line.startsWith("\tat ") || line.contains("Exception") || line.contains(" ERROR "));
    awaitGone(descendants);
  }

  private static void awaitGone(List<ProcessHandle> processes) {
    await("no process of dev mode is left").atMost(Duration.ofSeconds(20)).untilAsserted(() ->
        assertThat(processes).allSatisfy(p -> assertThat(ChildJvm.isAlive(p.pid())).as("pid %d", p.pid()).isFalse()));
  }

  private static RunRecord record(Path dataDir) {
    try {
      return RunRecord.parse(Files.readString(dataDir.resolve(DataDirLock.FILE_NAME))).orElseThrow();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What a second dev mode would create or replace: the directories and files, but not what they hold. */
  private static Set<String> files(Path dataDir) {
    try (Stream<Path> paths = Files.walk(dataDir, 3)) {
      return paths.map(p -> dataDir.relativize(p).toString())
          .filter(p -> !p.startsWith("runtime/kafka/") && !p.startsWith("streams/") && !p.endsWith("~"))
          .collect(Collectors.toSet());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> nonBlank(List<String> lines) {
    return lines.stream().filter(line -> !line.isBlank()).toList();
  }
}
