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
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A rebuild's progress for its operator, drawn by the progressbar library, one bar per phase:
 * while it reads the log, the events read and events per second; while it loads, the events
 * folded of those read, the rows loaded, rows per second and the ETA; then the events applied
 * while it catches up, events per second and the ETA. Rates are over the last ten seconds. On a
 * terminal, one line redrawn in place; otherwise a line every five seconds, for logs.
 */
final class ProgressBar implements Rebuild.Listener, AutoCloseable {

  private static final long WINDOW_NANOS = Duration.ofSeconds(10).toNanos();
  private static final int TERMINAL_REDRAW_MILLIS = 500;
  private static final int LOG_EVERY_MILLIS = 5_000;
  private static final int LOG_LINE_WIDTH = 140;

  private record Sample(long at, long applied) {}

  private final PrintStream out;
  private final Supplier<ProgressBarConsumer> consumers;
  private final int redrawMillis;
  private final Deque<Sample> samples = new ArrayDeque<>();
  /** The bar of the current phase, named after it; null between phases. */
  private me.tongfei.progressbar.ProgressBar bar;
  private volatile Optional<Duration> eta = Optional.empty();
  private Generation pending;
  private long eventsRead;
  private long eventsFolded;
  private long rowsLoaded;

  ProgressBar(PrintStream out) {
    this(out, System.console() != null);
  }

  private ProgressBar(PrintStream out, boolean terminal) {
    this(out, terminal ? () -> new ConsoleProgressBarConsumer(out) : () -> new DelegatingProgressBarConsumer(newLines(out), LOG_LINE_WIDTH),
        terminal ? TERMINAL_REDRAW_MILLIS : LOG_EVERY_MILLIS);
  }

  /** Prints each line that differs from the one before: the library draws a finished bar twice. */
  private static Consumer<String> newLines(PrintStream out) {
    String[] last = {null};
    return line -> {
      if (!line.equals(last[0])) {
        out.println(line);
        last[0] = line;
      }
    };
  }

  /** Draws through {@code consumers}, one per phase, every {@code redrawMillis}. */
  ProgressBar(PrintStream out, Supplier<ProgressBarConsumer> consumers, int redrawMillis) {
    this.out = out;
    this.consumers = consumers;
    this.redrawMillis = redrawMillis;
  }

  @Override
  public void started(Generation pending, Generation live, boolean resumed) {
    this.pending = pending;
    out.printf("%s generation %d from the log, beside the live generation %d.%n", resumed ? "Resuming the rebuild of" : "Rebuilding",
        pending.number(), live.number());
  }

  @Override
  public void loading(String step, long count) {
    if (step.equals(LogFold.EVENTS_READ)) {
      eventsRead = count;
      sample(count);
      showReading(rate());
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
    showLoading(rate());
  }

  /** The first pass: the events read so far, of a log whose end is not counted yet. */
  void showReading(double eventsPerSecond) {
    eta = Optional.empty();
    phase("G%d reading the log", -1).stepTo(eventsRead).setExtraMessage(String.format("%,.0f events/s", eventsPerSecond));
  }

  /**
   * The second pass: events folded of those read, rows loaded and their rate. The ETA assumes the
   * rows still to come are in proportion to the events still to fold.
   */
  void showLoading(double rowsPerSecond) {
    double done = eventsRead == 0 ? 0 : Math.min(1, (double) eventsFolded / eventsRead);
    long rowsLeft = done == 0 ? 0 : (long) (rowsLoaded / done - rowsLoaded);
    eta = done == 0 || rowsPerSecond <= 0 ? Optional.empty() : Optional.of(Duration.ofSeconds((long) (rowsLeft / rowsPerSecond)));
    phase("G%d loading", eventsRead).maxHint(eventsRead).stepTo(eventsFolded)
        .setExtraMessage(String.format("%,d rows loaded  %,.0f rows/s", rowsLoaded, rowsPerSecond));
  }

  @Override
  public void loaded(GenerationLoad.Report report) {
    endPhase();
    out.printf("Loaded %,d events into %,d rows in %d s.%n", report.eventsRead(), report.rowsStored(),
        report.read().plus(report.loaded()).toSeconds());
    if (report.parked() > 0) {
      out.printf("%,d record(s) of the log left out of the views, as the live projector leaves them out:%n", report.parked());
      report.parkedShown().forEach(line -> out.println("  " + line));
      report.pausedAt().forEach((partition, offset) -> out.printf("  %s-%d pauses at offset %d, as the live projector does under the"
          + " pause policy%n", partition.topic(), partition.partition(), offset));
    }
    samples.clear();
  }

  @Override
  public void progress(RebuildStatus status) {
    sample(status.applied());
    showCatchingUp(status, rate());
  }

  /** Catching up: the events applied of the log's, and what a caught-up rebuild still waits for. */
  void showCatchingUp(RebuildStatus status, double eventsPerSecond) {
    boolean done = status.applied() >= status.total();
    eta = eventsPerSecond <= 0 || done ? Optional.empty()
        : Optional.of(Duration.ofSeconds((long) ((status.total() - status.applied()) / eventsPerSecond)));
    String waiting = status.waitingFor();
    phase("G%d", status.total()).maxHint(status.total()).stepTo(status.applied()).setExtraMessage(String.format("%,.0f events/s%s",
        eventsPerSecond, status.caughtUp() ? "  caught up" + (waiting.isEmpty() ? "" : "; waiting for " + waiting) : ""));
  }

  /** The bar of the phase named {@code name} (a format of the generation's number), started when it is new. */
  private me.tongfei.progressbar.ProgressBar phase(String name, long max) {
    String task = String.format(name, pending.number());
    if (bar == null || !bar.getTaskName().equals(task)) {
      endPhase();
      // Redrawn on every tick, not only when the count moves: rows, rates and what it waits for change too.
      bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(max).setUnit(" events", 1).setStyle(ProgressBarStyle.ASCII)
          .setConsumer(consumers.get()).setUpdateIntervalMillis(redrawMillis).continuousUpdate().setEtaFunction(state -> eta).build();
    }
    return bar;
  }

  /** Draws the current phase's bar now. */
  void redraw() {
    if (bar != null) {
      bar.refresh();
    }
  }

  /** Draws the phase's bar a last time and ends its line. */
  private void endPhase() {
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }

  private void sample(long count) {
    long now = System.nanoTime();
    samples.addLast(new Sample(now, count));
    while (samples.size() > 2 && now - samples.peekFirst().at() > WINDOW_NANOS) {
      samples.removeFirst();
    }
  }

  @Override
  public void flipped(Generation from, Generation to, Duration grace) {
    endPhase();
    out.printf("ViewCatalog flipped: generation %d is active. Generation %d is deleted in %d s.%n", to.number(), from.number(),
        grace.toSeconds());
  }

  @Override
  public void dropped(Generation old) {
    out.printf("Generation %d deleted. Rebuild done.%n", old.number());
  }

  /** Ends the current phase's line, if any: a rebuild may end (dry run, stop) without a flip. */
  @Override
  public void close() {
    endPhase();
  }

  private double rate() {
    Sample first = samples.peekFirst();
    Sample last = samples.peekLast();
    if (first == null || last == null || last.at() == first.at()) {
      return 0;
    }
    return (last.applied() - first.applied()) * 1e9 / (last.at() - first.at());
  }
}
