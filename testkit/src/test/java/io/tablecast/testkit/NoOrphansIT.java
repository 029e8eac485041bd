package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.embedded.RuntimeMain;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@link RuntimeMain} in a child JVM and kills that JVM in the three ways it dies in real
 * life; Azurite (a grandchild) must never outlive it.
 */
@ExtendWith(ChildJvms.class)
@LongRun
class NoOrphansIT {

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

  @TempDir Path dir;

  private ChildJvm child;

  @Test
  void sigtermOfTheJvmStopsAzurite(ChildJvms.Launcher jvms) {
    List<ProcessHandle> descendants = launch(jvms, "sigterm");

    child.signal("TERM");

    assertThat(child.awaitExit(Duration.ofSeconds(30))).isTrue();
    awaitGone(descendants, Duration.ofSeconds(5));
  }

  @Test
  void sigintOfTheJvmStopsAzuriteLikeCtrlC(ChildJvms.Launcher jvms) {
    List<ProcessHandle> descendants = launch(jvms, "sigint");

    child.signal("INT");

    assertThat(child.awaitExit(Duration.ofSeconds(30))).isTrue();
    awaitGone(descendants, Duration.ofSeconds(5));
  }

  @Test
  void azuriteExitsByItselfWhenTheJvmIsKilledWithoutRunningItsHooks(ChildJvms.Launcher jvms) {
    List<ProcessHandle> descendants = launch(jvms, "sigkill");

    child.signal("KILL");

    assertThat(child.awaitExit(Duration.ofSeconds(10))).isTrue();
    // Nobody is left to stop Azurite: the launcher sees its stdin pipe close and stops it.
    awaitGone(descendants, Duration.ofSeconds(15));
  }

  /** Starts the runtime in a child JVM and returns the processes it started (Azurite among them). */
  private List<ProcessHandle> launch(ChildJvms.Launcher jvms, String name) {
    child = jvms.start(dir.resolve(name + ".out"), RuntimeMain.class, dir.resolve(name).toString());
    String ready = child.awaitLine(line -> line.startsWith("READY "), READY_TIMEOUT);
    long azuritePid = Long.parseLong(ready.split(" ")[2]);
    List<ProcessHandle> descendants = child.descendants();
    assertThat(descendants).extracting(ProcessHandle::pid).contains(azuritePid);
    assertThat(ChildJvm.isAlive(azuritePid)).isTrue();
    return descendants;
  }

  private static void awaitGone(List<ProcessHandle> processes, Duration timeout) {
    await("every process the child JVM started is gone").atMost(timeout)
        .pollInterval(Duration.ofMillis(100))
        .untilAsserted(() -> assertThat(processes)
            .allSatisfy(p -> assertThat(ChildJvm.isAlive(p.pid())).as("pid %d alive", p.pid()).isFalse()));
  }
}
