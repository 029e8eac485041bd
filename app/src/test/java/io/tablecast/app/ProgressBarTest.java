package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.Generation;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.application.audit.LogFold;
import io.tablecast.operations.rebuild.RebuildStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final ProgressBar bar = new ProgressBar(new PrintStream(printed, true, StandardCharsets.UTF_8));

  @BeforeEach
  void started() {
    bar.started(new Generation(Namespace.NONE, 2), new Generation(Namespace.NONE, 1), false);
  }

  @Test
  void showsTheEventsAppliedTheRateAndTheTimeLeft() {
    String line = bar.line(new RebuildStatus(150_000, 300_000, false, 0, 0), 2_500);

    assertThat(line).contains("G2 [###############---------------]", " 50%", "150,000/300,000 events", "2,500 events/s", "ETA 1m00s");
    assertThat(line).doesNotContain("caught up");
  }

  @Test
  void whileItLoadsShowsTheEventsFoldedTheRowsLoadedAndTheTimeLeftForTheRowsInProportion() {
    bar.loading(LogFold.EVENTS_READ, 300_000);
    bar.loading(LogFold.EVENTS_FOLDED, 150_000);
    bar.loading(GenerationLoad.ROWS_LOADED, 500_000);

    assertThat(bar.loadLine(2_500)).contains("G2 loading [###############---------------]", " 50%", "150,000/300,000 events folded",
        "500,000 rows loaded", "2,500 rows/s", "ETA 3m20s");
  }

  @Test
  void saysWhatACaughtUpRebuildWaitsFor() {
    assertThat(bar.line(new RebuildStatus(300_000, 300_000, true, 12, 0), 0))
        .contains("100%", "ETA --", "caught up; waiting for 12 queued work item message(s)");
    assertThat(bar.line(new RebuildStatus(300_000, 300_000, true, 0, 0), 0)).endsWith("caught up");
  }

  @Test
  void hasNoEtaBeforeItKnowsTheRateAndCountsAnEmptyLogAsDone() {
    assertThat(bar.line(new RebuildStatus(0, 300_000, false, 0, 0), 0)).contains("  0%", "ETA --");
    assertThat(bar.line(new RebuildStatus(0, 0, true, 0, 0), 0)).contains("100%");
  }

  @Test
  void announcesTheRebuildTheFlipAndTheDrop() {
    bar.flipped(new Generation(Namespace.NONE, 1), new Generation(Namespace.NONE, 2), java.time.Duration.ofSeconds(60));
    bar.dropped(new Generation(Namespace.NONE, 1));

    assertThat(printed.toString(StandardCharsets.UTF_8)).contains("Rebuilding generation 2 from the log, beside the live generation 1.",
        "ViewCatalog flipped: generation 2 is active. Generation 1 is deleted in 60 s.", "Generation 1 deleted. Rebuild done.");
  }
}
