package io.tablecast.app;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.Generation;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.application.audit.LogFold;
import io.tablecast.operations.rebuild.RebuildStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final List<String> drawn = new ArrayList<>();
  /** Draws only when asked to, on lines wide enough for everything. */
  private final ProgressBar bar = new ProgressBar(new PrintStream(printed, true, StandardCharsets.UTF_8),
      () -> new DelegatingProgressBarConsumer(drawn::add, 160), 3_600_000);

  @BeforeEach
  void started() {
    bar.started(new Generation(HR, Namespace.NONE, 2), new Generation(HR, Namespace.NONE, 1), false);
  }

  @AfterEach
  void closed() {
    bar.close();
  }

  @Test
  void showsTheEventsAppliedTheRateAndTheTimeLeft() {
    bar.showCatchingUp(new RebuildStatus(150_000, 300_000, false, 0, 0), 2_500);

    assertThat(lastDrawn()).startsWith("G2 ").contains(" 50%", "[=====", "150000/300000 events", "/ 0:01:00)", "2,500 events/s")
        .doesNotContain("caught up");
  }

  @Test
  void whileItReadsTheLogShowsTheEventsReadAndTheirRate() {
    bar.loading(LogFold.EVENTS_READ, 123_456);
    bar.showReading(2_500);

    assertThat(lastDrawn()).startsWith("G2 reading the log ").contains("123456/? events", "2,500 events/s");
  }

  @Test
  void whileItLoadsShowsTheEventsFoldedTheRowsLoadedAndTheTimeLeftForTheRowsInProportion() {
    bar.loading(LogFold.EVENTS_READ, 300_000);
    bar.loading(LogFold.EVENTS_FOLDED, 150_000);
    bar.loading(GenerationLoad.ROWS_LOADED, 500_000);
    bar.showLoading(2_500);

    assertThat(lastDrawn()).startsWith("G2 loading ").contains(" 50%", "150000/300000 events", "/ 0:03:20)", "500,000 rows loaded",
        "2,500 rows/s");
  }

  @Test
  void saysWhatACaughtUpRebuildWaitsFor() {
    bar.showCatchingUp(new RebuildStatus(300_000, 300_000, true, 12, 0), 0);
    assertThat(lastDrawn()).contains("100%", "300000/300000 events", "/ ?)", "caught up; waiting for 12 queued work item message(s)");

    bar.showCatchingUp(new RebuildStatus(300_000, 300_000, true, 0, 0), 0);
    assertThat(lastDrawn()).endsWith("caught up");
  }

  @Test
  void hasNoEtaBeforeItKnowsTheRateAndCountsAnEmptyLog() {
    bar.showCatchingUp(new RebuildStatus(0, 300_000, false, 0, 0), 0);
    assertThat(lastDrawn()).contains("  0%", "0/300000 events", "/ ?)");

    bar.showCatchingUp(new RebuildStatus(0, 0, true, 0, 0), 0);
    assertThat(lastDrawn()).contains("0/0 events", "caught up");
  }

  @Test
  void announcesTheRebuildTheFlipAndTheDrop() {
    bar.showCatchingUp(new RebuildStatus(300_000, 300_000, true, 0, 0), 0);
    bar.flipped(new Generation(HR, Namespace.NONE, 1), new Generation(HR, Namespace.NONE, 2), java.time.Duration.ofSeconds(60));
    bar.dropped(new Generation(HR, Namespace.NONE, 1));

    assertThat(lastDrawn()).as("the bar is drawn a last time at the flip").contains("100%");
    assertThat(printed.toString(StandardCharsets.UTF_8)).contains("Rebuilding generation 2 from the log, beside the live generation 1.",
        "ViewCatalog flipped: generation 2 is active. Generation 1 is deleted in 60 s.", "Generation 1 deleted. Rebuild done.");
  }

  private String lastDrawn() {
    bar.redraw();
    return drawn.get(drawn.size() - 1);
  }
}
