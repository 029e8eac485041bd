package io.tablecast.app;

import io.tablecast.common.tables.Generation;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.application.audit.LogFold;
import io.tablecast.operations.rebuild.Rebuild;
import io.tablecast.operations.rebuild.RebuildStatus;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A rebuild's progress for its operator: while it loads, the events read, then the events folded,
 * the rows loaded, rows per second over the last ten seconds and the ETA; then the events applied
 * while it catches up, events per second and the ETA. On a terminal, one line redrawn in place; otherwise a line every five
 * seconds, for logs.
 */
final class ProgressBar implements Rebuild.Listener {

  private static final int WIDTH = 30;
  private static final long WINDOW_NANOS = Duration.ofSeconds(10).toNanos();
  private static final long LOG_EVERY_NANOS = Duration.ofSeconds(5).toNanos();

  private record Sample(long at, long applied) {}

  private final PrintStream out;
  private final boolean terminal;
  private final Deque<Sample> samples = new ArrayDeque<>();
  private long lastLine;
  private Generation pending;
  private boolean loading;
  private long eventsRead;
  private long eventsFolded;
  private long rowsLoaded;

  ProgressBar(PrintStream out) {
    this.out = out;
    this.terminal = System.console() != null;
  }

  @Override
  public void started(Generation pending, Generation live, boolean resumed) {
    this.pending = pending;
    out.printf("%s generation %d from the log, beside the live generation %d.%n", resumed ? "Resuming the rebuild of" : "Rebuilding",
        pending.number(), live.number());
  }

  @Override
  public void loading(String step, long count) {
    loading = true;
    if (step.equals(LogFold.EVENTS_READ)) {
      eventsRead = count;
      sample(count);
      show(String.format("G%d reading the log: %,d events  %,.0f events/s", pending.number(), count, rate()));
      return;
    }
    if (step.equals(LogFold.EVENTS_FOLDED)) {
      eventsFolded = count;
    } else if (step.equals(GenerationLoad.ROWS_LOADED)) {
      if (rowsLoaded == 0) {
        samples.clear();
      }
      rowsLoaded = count;
      sample(count);
    }
    show(loadLine(rate()));
  }

  @Override
  public void loaded(GenerationLoad.Report report) {
    out.printf("%sLoaded %,d events into %,d rows in %d s.%n", terminal ? "\n" : "", report.eventsRead(), report.rowsStored(),
        report.read().plus(report.loaded()).toSeconds());
    if (report.parked() > 0) {
      out.printf("%,d record(s) of the log left out of the views, as the live projector leaves them out:%n", report.parked());
      report.parkedShown().forEach(line -> out.println("  " + line));
      report.pausedAt().forEach((partition, offset) -> out.printf("  %s-%d pauses at offset %d, as the live projector does under the"
          + " pause policy%n", partition.topic(), partition.partition(), offset));
    }
    loading = false;
    samples.clear();
  }

  /**
   * The second pass: events folded of those read, rows loaded and their rate. The ETA assumes the
   * rows still to come are in proportion to the events still to fold.
   */
  String loadLine(double rowsPerSecond) {
    double done = eventsRead == 0 ? 0 : Math.min(1, (double) eventsFolded / eventsRead);
    int filled = (int) Math.round(done * WIDTH);
    long rowsLeft = done == 0 ? 0 : (long) (rowsLoaded / done - rowsLoaded);
    String eta = done == 0 || rowsPerSecond <= 0 ? "--" : format(Duration.ofSeconds((long) (rowsLeft / rowsPerSecond)));
    return String.format("G%d loading [%s%s] %3d%%  %,d/%,d events folded  %,d rows loaded  %,.0f rows/s  ETA %s", pending.number(),
        "#".repeat(filled), "-".repeat(WIDTH - filled), (int) (done * 100), eventsFolded, eventsRead, rowsLoaded, rowsPerSecond, eta);
  }

  @Override
  public void progress(RebuildStatus status) {
    sample(status.applied());
    show(line(status, rate()));
  }

  private void sample(long count) {
    long now = System.nanoTime();
    samples.addLast(new Sample(now, count));
    while (samples.size() > 2 && now - samples.peekFirst().at() > WINDOW_NANOS) {
      samples.removeFirst();
    }
  }

  private void show(String line) {
    long now = System.nanoTime();
    if (terminal) {
      out.print("\r" + line + "\033[K");
      out.flush();
    } else if (now - lastLine >= LOG_EVERY_NANOS) {
      out.println(line);
      lastLine = now;
    }
  }

  @Override
  public void flipped(Generation from, Generation to, Duration grace) {
    out.printf("%sViewCatalog flipped: generation %d is active. Generation %d is deleted in %d s.%n", terminal ? "\n" : "",
        to.number(), from.number(), grace.toSeconds());
  }

  @Override
  public void dropped(Generation old) {
    out.printf("Generation %d deleted. Rebuild done.%n", old.number());
  }

  String line(RebuildStatus status, double rate) {
    double done = status.total() == 0 ? 1 : (double) status.applied() / status.total();
    int filled = (int) Math.round(done * WIDTH);
    String eta = rate <= 0 || status.applied() >= status.total() ? "--" : format(Duration.ofSeconds((long) ((status.total() - status.applied()) / rate)));
    String waiting = status.waitingFor();
    return String.format("G%d [%s%s] %3d%%  %,d/%,d events  %,.0f events/s  ETA %s%s", pending.number(), "#".repeat(filled),
        "-".repeat(WIDTH - filled), (int) (done * 100), status.applied(), status.total(), rate, eta,
        status.caughtUp() ? "  caught up" + (waiting.isEmpty() ? "" : "; waiting for " + waiting) : "");
  }

  private double rate() {
    Sample first = samples.peekFirst();
    Sample last = samples.peekLast();
    if (first == null || last == null || last.at() == first.at()) {
      return 0;
    }
    return (last.applied() - first.applied()) * 1e9 / (last.at() - first.at());
  }

  private static String format(Duration d) {
    return d.toHours() > 0 ? String.format("%dh%02dm", d.toHours(), d.toMinutesPart()) : String.format("%dm%02ds", d.toMinutes(), d.toSecondsPart());
  }
}
