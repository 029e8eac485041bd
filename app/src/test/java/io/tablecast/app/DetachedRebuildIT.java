package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tablecast rebuild --detach} (SPEC §6): the command returns at once, and the rebuild flips
 * and drops the old generation in the background. A class of its own, beside {@link RebuildIT}
 * whose helpers it shares, so that the two longest rebuild tests can run in different test JVMs.
 */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class, ChildJvms.class})
class DetachedRebuildIT {

  private static final Duration SETTLE = Duration.ofMinutes(2);

  @Test
  void aDetachedRebuildReturnsAtOnceAndFinishesInTheBackground(Pipeline pipeline, ChildJvms.Launcher jvms, @TempDir Path dir)
      throws Exception {
    RebuildIT.write(pipeline, HrHistory.generate(3, 3, 300, HrHistory.Mix.TYPICAL));
    RebuildIT.awaitQuiescence(pipeline);
    Path log = dir.resolve("rebuild.log");

    ChildJvm cli = jvms.start(dir.resolve("cli.out"), pipeline.env(), TablecastCli.class, "rebuild", "--detach", "--grace", "1s",
        "--log", log.toString());

    assertThat(cli.awaitExitCode(Duration.ofSeconds(30))).isZero();
    assertThat(String.join("\n", cli.output())).contains("running in the background", log.toString());
    await("the background rebuild flips").atMost(SETTLE).pollInterval(Duration.ofMillis(500))
        .until(() -> RebuildIT.catalog(pipeline).activeGeneration() == 2);
    try {
      await("the background rebuild drops generation 1 and ends").atMost(SETTLE).pollInterval(Duration.ofMillis(500))
          .until(() -> RebuildIT.storageOf(pipeline, pipeline.generation()).isEmpty() && Files.readString(log).contains("Rebuild done."));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError("Left of generation 1: " + RebuildIT.storageOf(pipeline, pipeline.generation()) + "; the rebuild's log:\n"
          + Files.readString(log), e);
    }
    assertThat(Files.readString(log)).contains("Rebuilding generation 2", "ViewCatalog flipped: generation 2 is active");
  }
}
