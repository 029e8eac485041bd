package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@link RuntimeMain} in a child JVM and kills that JVM in the three ways it dies in real
 * life; Azurite (a grandchild) must never outlive it.
 */
class NoOrphansIT {

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

  @TempDir Path dir;

  /** Everything started here, killed after each test whatever its outcome. */
  private final List<ProcessHandle> started = new ArrayList<>();

  @AfterEach
  void killWhateverIsLeft() {
    started.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
  }

  @Test
  void sigtermOfTheJvmStopsAzurite() throws Exception {
    Launched jvm = launch("sigterm");

    jvm.process().destroy();

    awaitExit(jvm, Duration.ofSeconds(30));
    awaitGone(jvm.descendants(), Duration.ofSeconds(5));
  }

  @Test
  void sigintOfTheJvmStopsAzuriteLikeCtrlC() throws Exception {
    Launched jvm = launch("sigint");
    assumeFalse(ignoresSigint(jvm.process().pid()),
        "this test runs in the background of a non-interactive shell, so SIGINT is ignored by"
            + " inheritance and Ctrl-C could not reach the JVM anyway");

    Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(jvm.process().pid()))
        .inheritIO().start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(kill.exitValue()).isZero();

    awaitExit(jvm, Duration.ofSeconds(30));
    awaitGone(jvm.descendants(), Duration.ofSeconds(5));
  }

  @Test
  void azuriteExitsByItselfWhenTheJvmIsKilledWithoutRunningItsHooks() throws Exception {
    Launched jvm = launch("sigkill");

    jvm.process().destroyForcibly();

    awaitExit(jvm, Duration.ofSeconds(10));
    // Nobody is left to stop Azurite: the launcher sees its stdin pipe close and stops it.
    awaitGone(jvm.descendants(), Duration.ofSeconds(15));
  }

  private record Launched(Process process, long azuritePid, List<ProcessHandle> descendants) {}

  private Launched launch(String name) throws IOException {
    Path output = dir.resolve(name + ".out");
    List<String> command = new ArrayList<>(List.of(
        ProcessHandle.current().info().command().orElseThrow(), "-Xmx512m",
        "-cp", System.getProperty("java.class.path")));
    Optional.ofNullable(System.getProperty(AzuriteInstall.HOME_PROPERTY))
        .ifPresent(home -> command.add("-D" + AzuriteInstall.HOME_PROPERTY + "=" + home));
    command.addAll(List.of(RuntimeMain.class.getName(), dir.resolve(name).toString()));
    Process process = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(output.toFile())
        .start();
    started.add(process.toHandle());

    String ready = await("READY from the child JVM")
        .atMost(READY_TIMEOUT).pollInterval(Duration.ofMillis(200))
        .failFast("the child JVM exited; its output is in " + output, () -> !process.isAlive())
        .until(() -> readyLine(output), Optional::isPresent)
        .orElseThrow();
    long azuritePid = Long.parseLong(ready.split(" ")[2]);
    List<ProcessHandle> descendants = process.descendants().toList();
    started.addAll(descendants);

    assertThat(descendants).extracting(ProcessHandle::pid).contains(azuritePid);
    assertThat(isAlive(azuritePid)).isTrue();
    return new Launched(process, azuritePid, descendants);
  }

  private static Optional<String> readyLine(Path output) throws IOException {
    return Files.readAllLines(output).stream().filter(line -> line.startsWith("READY ")).findFirst();
  }

  private static void awaitExit(Launched jvm, Duration timeout) {
    await("the child JVM exits").atMost(timeout).until(() -> !jvm.process().isAlive());
  }

  private static void awaitGone(List<ProcessHandle> processes, Duration timeout) {
    await("every process the child JVM started is gone").atMost(timeout)
        .pollInterval(Duration.ofMillis(100))
        .untilAsserted(() -> assertThat(processes)
            .allSatisfy(p -> assertThat(isAlive(p.pid())).as("pid %d alive", p.pid()).isFalse()));
  }

  /**
   * True if the process ignores SIGINT (Linux: bit 2 of SigIgn in /proc/pid/status). A JVM keeps
   * an inherited SIGINT disposition of "ignore", as background jobs of non-interactive shells have.
   */
  private static boolean ignoresSigint(long pid) throws IOException {
    Path status = Path.of("/proc", String.valueOf(pid), "status");
    if (!Files.isReadable(status)) {
      return false;
    }
    return Files.readAllLines(status).stream()
        .filter(line -> line.startsWith("SigIgn:"))
        .map(line -> Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16))
        .anyMatch(mask -> (mask & (1L << (2 - 1))) != 0);
  }

  private static boolean isAlive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
