package io.tablecast.bench;

import java.io.PrintStream;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.stream.Collectors;

/** The freshness benchmark's output: a progress line per rate, then Markdown tables. */
final class FreshnessReport {

  /**
   * What one rate measured.
   *
   * @param eventsApplied events the projector applied from the window's start until its effects were resolved
   * @param workItems work items the queue workers finished in that time
   * @param storageRequests the projector's and its workers' storage requests in that time, retries included
   * @param lagAtEnd the projector's lag (records, all partitions) when the window's last command was sent
   * @param depthAtEnd the work queues' depth then
   * @param drainSeconds from then until answered, lag 0 and queues empty; NaN past {@code drainLimit}
   * @param cpu cores·seconds in the window: this JVM, Azurite, the whole machine
   */
  record RateResult(int rate, FreshnessWindow.Figures figures, double eventsApplied, double workItems, long storageRequests,
      List<StorageProbe.LabelStats> labels, double lagAtEnd, long depthAtEnd, double drainSeconds, int drainLimit, double[] cpu,
      int seconds, int settled) {

    double requestsPerEvent() {
      return eventsApplied == 0 ? Double.NaN : storageRequests / eventsApplied;
    }
  }

  private final PrintStream out;

  FreshnessReport(PrintStream out) {
    this.out = out;
  }

  void line(String format, Object... args) {
    out.printf(format + "%n", args);
    out.flush();
  }

  void header(FreshnessSettings s) {
    line("# Tablecast freshness benchmark, %s", OffsetDateTime.now().withNano(0));
    line("rates %s commands/s (open loop), %d s each after a %d s warm-up; %d departments; %d readers polling every %d ms;"
        + " not seen after %d s; drain wait up to %d s", s.rates(), s.seconds(), s.warmup(), s.departments(), s.readers(),
        s.pollMillis(), s.giveUpSeconds(), s.drainSeconds());
    line("machine: %d processors, Java %s, %s %s, max heap %d MiB", Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), System.getProperty("os.name"), System.getProperty("os.arch"),
        Runtime.getRuntime().maxMemory() >> 20);
  }

  void rateDone(RateResult r) {
    FreshnessWindow.Figures f = r.figures();
    line("rate %d/s: %,d sent, %.1f 2xx/s, %d errors, visible p50 %.0f ms p99 %.0f ms max %.0f ms, %s not seen;"
        + " %.2f storage requests/event; lag at end %.0f, queues %d, drained in %s", r.rate(), f.sent(), f.succeededPerSecond(),
        f.errorCount(), f.visibility().percentileMillis(50), f.visibility().percentileMillis(99), f.visibility().maxMillis(),
        notSeen(f), r.requestsPerEvent(), r.lagAtEnd(), r.depthAtEnd(), drained(r));
  }

  void results(List<RateResult> results, FreshnessSettings s, double idlePerSecond) {
    line("");
    line("## Freshness: from a command's 2xx to its effect in the views");
    line("");
    line("| offered /s | sent | 2xx /s | errors | command p50 / p99 ms | visible p50 / p99 / max ms | not seen (+ still awaited) |"
        + " storage requests / event | events applied | lag at end | queue depth at end | drain s |");
    line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      FreshnessWindow.Figures f = r.figures();
      line("| %d | %,d | %.1f | %d | %.0f / %.0f | %.0f / %.0f / %.0f | %s | %.2f | %,.0f | %,.0f | %,d | %s |", r.rate(), f.sent(),
          f.succeededPerSecond(), f.errorCount(), f.commandLatency().percentileMillis(50), f.commandLatency().percentileMillis(99),
          f.visibility().percentileMillis(50), f.visibility().percentileMillis(99), f.visibility().maxMillis(), notSeen(f),
          r.requestsPerEvent(), r.eventsApplied(), r.lagAtEnd(), r.depthAtEnd(), drained(r));
    }
    line("");
    line("Visibility by command kind (ms from the 2xx answer to the first read that shows the effect):");
    line("");
    line("| offered /s | kind | sent | seen | p50 | p99 | max | not seen |");
    line("|---:|---|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      FreshnessWindow.Figures f = r.figures();
      for (CommandKind kind : CommandKind.values()) {
        Latencies v = f.visibilityByKind().get(kind);
        line("| %d | %s | %,d | %,d | %.0f | %.0f | %.0f | %d |", r.rate(), kind, f.sentByKind().getOrDefault(kind, 0L),
            v == null ? 0 : v.count(), v == null ? Double.NaN : v.percentileMillis(50), v == null ? Double.NaN : v.percentileMillis(99),
            v == null ? Double.NaN : v.maxMillis(), f.notSeen().getOrDefault(kind, 0L));
      }
    }
    line("");
    line("The load and the observers (CPU in cores over the window; the machine's includes whatever else ran on it):");
    line("");
    line("| offered /s | scheduler late mean / max ms | became hires (no settled employee) | reads /s | read late mean ms |"
        + " read errors | CPU: this JVM | Azurite | machine | work items done | settled employees at end |");
    line("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      FreshnessWindow.Figures f = r.figures();
      line("| %d | %.1f / %.1f | %s | %,.0f | %.1f | %d | %.2f | %.2f | %.2f | %,.0f | %,d |", r.rate(), f.schedulerLateMeanMillis(),
          f.schedulerLateMaxMillis(), f.substituted().isEmpty() ? "0" : f.substituted().toString(), f.reads() / (double) r.seconds(),
          f.readLateMeanMillis(), f.readErrors(), r.cpu()[0] / r.seconds(), r.cpu()[1] / r.seconds(), r.cpu()[2] / r.seconds(),
          r.workItems(), r.settled());
    }
    line("");
    line("Storage requests of the projector and its workers per event applied, by kind (from each window's start until its"
        + " effects were resolved; idle, they send %.1f requests/s):", idlePerSecond);
    line("");
    for (RateResult r : results) {
      line("- %d/s: %s", r.rate(), r.labels().stream()
          .sorted((a, b) -> Integer.compare(b.requests(), a.requests()))
          .map(l -> String.format("%s %.2f (%.1f ms)", l.label(), l.requests() / r.eventsApplied(), l.meanMillis()))
          .collect(Collectors.joining(", ")));
    }
    boolean anyErrors = false;
    for (RateResult r : results) {
      if (!r.figures().errors().isEmpty()) {
        if (!anyErrors) {
          line("");
          line("Errors:");
          anyErrors = true;
        }
        r.figures().errors().forEach((kind, n) -> line("- %d/s: %s × %d, e.g. %s", r.rate(), kind, n,
            abbreviate(r.figures().errorSamples().get(kind))));
      }
    }
  }

  private static String notSeen(FreshnessWindow.Figures f) {
    return f.stillAwaited() == 0 ? String.valueOf(f.notSeenCount()) : f.notSeenCount() + " (+ " + f.stillAwaited() + ")";
  }

  private static String drained(RateResult r) {
    return Double.isNaN(r.drainSeconds()) ? "> " + r.drainLimit() : String.format("%.1f", r.drainSeconds());
  }

  private static String abbreviate(String text) {
    String flat = String.valueOf(text).replaceAll("\\s+", " ");
    return flat.length() <= 200 ? flat : flat.substring(0, 200) + "…";
  }
}
