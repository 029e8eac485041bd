package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code tablecast dev} as a user runs it: start, the README's curl walkthrough, Ctrl-C, nothing
 * left running, and a second start that finds the data of the first.
 */
@ExtendWith(ChildJvms.class)
class DevModeIT {

  private static final Logger log = LoggerFactory.getLogger(DevModeIT.class);
  private static final Duration START = Duration.ofSeconds(180);
  private static final int[] DEFAULT_PORTS = {9092, 9093, 10000, 10001, 10002, 8081, 8082, 8083};

  @TempDir Path dir;
  private ChildJvm child;

  @Test
  void runsTheWalkthroughStopsCleanlyOnCtrlCAndReusesItsDataOnTheNextStart(ChildJvms.Launcher jvms) {
    int offset = freePortOffset();
    Path dataDir = dir.resolve(".tablecast");

    Urls first = start(jvms, dataDir, offset, "first");
    HttpTestClient commands = new HttpTestClient(first.commands());
    HttpTestClient views = new HttpTestClient(first.views());
    assertThat(commands.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}").status()).isEqualTo(201);
    assertThat(commands.postJson("/employees", """
        {"employeeId":"42","departmentId":"Sales","firstName":"Ann","lastName":"Lee","email":"ann@example.com","age":34}""")
        .status()).isEqualTo(201);
    await().atMost(Duration.ofSeconds(30)).until(() -> views.get("/departments/Sales/employees/42").status() == 200);

    stopWithCtrlC();

    Urls second = start(jvms, dataDir, offset, "second");
    Response employee = new HttpTestClient(second.views()).get("/departments/Sales/employees/42");
    assertThat(employee.status()).isEqualTo(200);
    assertThat(employee.json().get("email").asText()).isEqualTo("ann@example.com");
    // The command processor restored its state: the department still exists.
    assertThat(new HttpTestClient(second.commands()).postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}")
        .status()).isEqualTo(409);

    stopWithCtrlC();
  }

  private record Urls(URI commands, URI views) {}

  private Urls start(ChildJvms.Launcher jvms, Path dataDir, int offset, String name) {
    long started = System.nanoTime();
    child = jvms.start(dir.resolve(name + ".out"), TablecastCli.class,
        "dev", "--data-dir", dataDir.toString(), "--port-offset", Integer.toString(offset));
    child.awaitLine(line -> line.startsWith("Press Ctrl-C"), START);
    log.info("dev mode ({} start) ready in {} ms", name, (System.nanoTime() - started) / 1_000_000);
    List<String> output = child.output();
    return new Urls(url(output, "commands"), url(output, "views"));
  }

  private void stopWithCtrlC() {
    List<ProcessHandle> descendants = child.descendants();
    assertThat(descendants).as("dev mode runs Azurite as a child process").isNotEmpty();

    child.signal("INT");

    assertThat(child.awaitExit(Duration.ofSeconds(60))).as("dev mode exits on Ctrl-C:\n%s", child.tail()).isTrue();
    await("no process of dev mode is left").atMost(Duration.ofSeconds(10)).untilAsserted(() ->
        assertThat(descendants).allSatisfy(p -> assertThat(ChildJvm.isAlive(p.pid())).as("pid %d", p.pid()).isFalse()));
  }

  private static URI url(List<String> output, String service) {
    Pattern pattern = Pattern.compile("^\\s+" + service + "\\s+(http://\\S+)");
    return output.stream().map(pattern::matcher).filter(Matcher::find).map(m -> URI.create(m.group(1))).findFirst()
        .orElseThrow(() -> new AssertionError("dev mode printed no URL for " + service + ": " + output));
  }

  /** An offset at which all of dev mode's ports are free on this machine. */
  private static int freePortOffset() {
    for (int attempt = 0; attempt < 50; attempt++) {
      int offset = 20_000 + 10 * ThreadLocalRandom.current().nextInt(2_000);
      if (IntStream.of(DEFAULT_PORTS).allMatch(p -> isFree(p + offset))) {
        return offset;
      }
    }
    throw new IllegalStateException("No free range of ports for dev mode");
  }

  private static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
