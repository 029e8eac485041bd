package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.embedded.Azurite;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's stdin watchdog on its own, with a stand-in for Azurite whose main thread is
 * stuck at 100% CPU, as RUNTIME-NOTES once saw: no signal handler can run there.
 */
class AzuriteLauncherIT {

  @TempDir Path dir;
  private Process node;

  @AfterEach
  void killWhateverIsLeft() {
    if (node != null) {
      node.destroyForcibly();
    }
  }

  @Test
  void aStuckAzuriteIsKilledWhenItsParentsPipeCloses() throws Exception {
    Path launcher = dir.resolve("azurite-launcher.js");
    try (InputStream in = Azurite.class.getResourceAsStream("azurite-launcher.js")) {
      Files.copy(in, launcher);
    }
    Path stuck = dir.resolve("stuck.js");
    Files.writeString(stuck, "console.log('serving'); setTimeout(() => { for (;;) {} }, 300);\n");
    String nodeExecutable = java.util.Optional.ofNullable(System.getenv("TABLECAST_NODE"))
        .filter(s -> !s.isBlank()).orElse("node");
    node = new ProcessBuilder(nodeExecutable, launcher.toString(), stuck.toString())
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("out.log").toFile())
        .start();
    await().atMost(Duration.ofSeconds(10))
        .until(() -> Files.readString(dir.resolve("out.log")).contains("serving"));
    Thread.sleep(1_000); // let the main thread get stuck
    assertThat(node.isAlive()).isTrue();

    long closed = System.nanoTime();
    node.getOutputStream().close(); // what the JVM's death does to the pipe

    await("the stuck process is killed").atMost(Duration.ofSeconds(15))
        .until(() -> !node.isAlive());
    assertThat(node.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
    assertThat(Duration.ofNanos(System.nanoTime() - closed)).isLessThan(Duration.ofSeconds(12));
  }
}
