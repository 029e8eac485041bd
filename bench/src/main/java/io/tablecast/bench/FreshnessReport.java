package io.tablecast.bench;

import io.tablecast.testkit.RequestOrigins;
import io.tablecast.testkit.StorageProbe;
import java.io.PrintStream;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/** The freshness benchmark's output: a progress line per rate, then Markdown tables. */
final class FreshnessReport {

  /**
   * What one rate measured.
   *
   * @param eventsApplied events the projector applied from the window's start until its effects were resolved
   * @param workItems work items the queue workers finished in that time
   * @param storageRequests the projector's and its workers' storage requests in that time, retries included
   * @param byGroup those requests by who asked for them ({@link RequestOrigins})
   * @param otherOrigins the requests of no known group, by thread family
   * @param byGroupAndLabel the requests by group and kind
   * @param freshness the projector's freshness histogram per view table, from the window's start to its end
   * @param freshnessToDrained the same from the window's start until its effects were resolved
   * @param lagAtEnd the projector's lag (records, all partitions) when the window's last command was sent
   * @param depthAtEnd the work queues' depth then
   * @param drainSeconds from then until answered, lag 0 and queues empty; NaN past {@code drainLimit}
   * @param cpu cores·seconds in the window: this JVM, Azurite, the whole machine
   * @param threads this JVM's CPU in the window by component
   */
  record RateResult(int rate, FreshnessWindow.Figures figures, double eventsApplied, double workItems, long storageRequests,
      List<StorageProbe.LabelStats> labels, Map<RequestOrigins.Group, Long> byGroup, Map<String, Long> otherOrigins,
      Map<String, Long> byGroupAndLabel, Map<String, PromHistogram> freshness, Map<String, PromHistogram> freshnessToDrained,
      double lagAtEnd, long depthAtEnd, double drainSeconds, int drainLimit, double[] cpu, ComponentCpu.Usage threads, int seconds,
      int settled) {

    double requestsPerEvent() {
      return eventsApplied == 0 ? Double.NaN : storageRequests / eventsApplied;
    }

    double requestsPerEvent(RequestOrigins.Group group) {
      return eventsApplied == 0 ? Double.NaN : byGroup.getOrDefault(group, 0L) / eventsApplied;
    }

    /** The queue workers' storage requests per work item they finished. */
    double workerRequestsPerItem() {
      return workItems == 0 ? Double.NaN : byGroup.getOrDefault(RequestOrigins.Group.WORKERS, 0L) / workItems;
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
    String jit = s.jitWarmupSeconds() == 0 ? "no JIT warm-up"
        : "before them a JIT warm-up at the lowest rate, up to " + s.jitWarmupSeconds() + " s";
    line("%s; rates %s commands/s (open loop), %d s each after a %d s warm-up, %s; %d departments; one command in %d of each kind"
        + " sampled, %d readers polling each sampled effect every %d ms, then every tenth of its wait so far; not seen after %d s; drain wait up to %d s",
        s.hiresOnly() ? "hires alone" : "the mix of every command kind", s.rates(),
        s.seconds(), s.warmup(), jit, s.departments(), s.sampleEvery(), s.readers(), s.pollMillis(), s.giveUpSeconds(),
        s.drainSeconds());
    line("Azurite: %s", s.azuriteInMemory() ? "data in memory only" : "data on disk, as in dev mode");
    line("machine: %d processors, Java %s, %s %s, max heap %d MiB", Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), System.getProperty("os.name"), System.getProperty("os.arch"),
        Runtime.getRuntime().maxMemory() >> 20);
  }

  void jitWarmup(int rate, JitWarmup.Result w) {
    if (Double.isNaN(w.lastCores())) {
      line("JIT warm-up: %.0f s at %d/s, the maximum (the compiler's CPU is not known here)", w.seconds(), rate);
      return;
    }
    line("JIT warm-up: %.0f s at %d/s, %s (its compiler threads at %.2f cores in the last %d s); compilation time %.1f s during it,"
        + " %.1f s since the JVM started", w.seconds(), rate, w.settled() ? "until the compiler settled" : "the maximum, not settled",
        w.lastCores(), JitWarmup.CHECK_SECONDS, w.compilationSeconds(), w.totalCompilationSeconds());
  }

  void rateDone(RateResult r) {
    FreshnessWindow.Figures f = r.figures();
    PromHistogram employees = r.freshness().get("Employees");
    line("rate %d/s: %,d sent (%,d sampled), %.1f 2xx/s, %d errors; sampled visible: projector path p50 %s ms p99 %s ms,"
        + " worker path p50 %s ms p99 %s ms, %s not seen; index (email lookup) p50 %s ms p99 %s ms; metric (Employees) p50 %s ms p99 %s ms of %,.0f events;"
        + " %.2f storage requests/event; lag at end %.0f, queues %d, drained in %s", r.rate(), f.sent(), f.sampledCount(),
        f.succeededPerSecond(), f.errorCount(), ms(f.projectorPath().percentileMillis(50)), ms(f.projectorPath().percentileMillis(99)),
        ms(f.workerPath().percentileMillis(50)), ms(f.workerPath().percentileMillis(99)), notSeen(f),
        ms(f.index().visibility().percentileMillis(50)), ms(f.index().visibility().percentileMillis(99)),
        ms(employees.percentileMillis(50)), ms(employees.percentileMillis(99)), employees.count(), r.requestsPerEvent(),
        r.lagAtEnd(), r.depthAtEnd(), drained(r));
  }

  void results(List<RateResult> results, FreshnessSettings s, double idlePerSecond) {
    line("");
    line("## Freshness: from a command's 2xx to its effect in the views");
    line("");
    line("Sampled visibility (one command in %d of each kind; ms from the 2xx to the first read that shows the effect, and"
        + " in brackets the lower bound, from the 2xx to the last read that did not). Projector path: hire, PATCH, manager"
        + " assignment; worker path: transfer, archive.", s.sampleEvery());
    line("");
    line("| offered /s | sent | 2xx /s | errors | command p50 / p99 ms | sampled | projector path p50 / p99 / max ms |"
        + " worker path p50 / p99 / max ms | not seen (+ still awaited) |");
    line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      FreshnessWindow.Figures f = r.figures();
      line("| %d | %,d | %.1f | %d | %.0f / %.0f | %,d | %s | %s | %s |", r.rate(), f.sent(), f.succeededPerSecond(), f.errorCount(),
          f.commandLatency().percentileMillis(50), f.commandLatency().percentileMillis(99), f.sampledCount(),
          withLower(f.projectorPath(), f.projectorPathLower()), withLower(f.workerPath(), f.workerPathLower()), notSeen(f));
    }
    line("");
    line("The projector's own freshness, tablecast_projector_freshness_seconds, for every event: from its occurredAt (the"
        + " command processor's acceptance, before the 2xx) to the write that made it visible in the table; p50 / p99"
        + " interpolated linearly inside the histogram's buckets, so estimates; \"window\" is the histogram's growth from the"
        + " window's start to its end, \"to drained\" until the window's effects were resolved; – where the projector"
        + " exports no such histogram:");
    line("");
    line("| offered /s | Employees, window: events | p50 / p99 ms | Employees, to drained: events | p50 / p99 ms |"
        + " EmployeeIndex, window p50 / p99 ms | EmployeeActivity, window p50 / p99 ms |");
    line("|---:|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      PromHistogram w = r.freshness().get("Employees");
      PromHistogram d = r.freshnessToDrained().get("Employees");
      line("| %d | %s | %s | %s | %s | %s | %s |", r.rate(), events(w), p50p99(w), events(d), p50p99(d),
          p50p99(r.freshness().get("EmployeeIndex")), p50p99(r.freshness().get("EmployeeActivity")));
    }
    line("");
    line("Storage requests per event applied (from each window's start until its effects were resolved), by who sent them:"
        + " the projector's threads (consumer, storage pool, checkpoints, pending work), the queue workers' threads, other");
    line("");
    line("| offered /s | events applied | work items done | requests / event | projector's | workers' | other |"
        + " lag at end | queue depth at end | drain s |");
    line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      line("| %d | %,.0f | %,.0f | %.2f | %.2f | %.2f | %.2f | %,.0f | %,d | %s |", r.rate(), r.eventsApplied(), r.workItems(),
          r.requestsPerEvent(), r.requestsPerEvent(RequestOrigins.Group.PROJECTOR), r.requestsPerEvent(RequestOrigins.Group.WORKERS),
          r.requestsPerEvent(RequestOrigins.Group.OTHER), r.lagAtEnd(), r.depthAtEnd(), drained(r));
    }
    indexFreshness(results);
    sustained(results);
    line("");
    line("Sampled visibility by command kind (ms; lower bounds in brackets):");
    line("");
    line("| offered /s | kind | sent | sampled | seen | p50 | p99 | max | not seen |");
    line("|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      FreshnessWindow.Figures f = r.figures();
      for (CommandKind kind : CommandKind.values()) {
        Latencies v = f.visibilityByKind().get(kind);
        Latencies lower = f.lowerBoundByKind().get(kind);
        line("| %d | %s | %,d | %,d | %,d | %s | %s | %s | %d |", r.rate(), kind, f.sentByKind().getOrDefault(kind, 0L),
            f.sampledByKind().getOrDefault(kind, 0L), v == null ? 0 : v.count(), pair(v, lower, 50), pair(v, lower, 99),
            v == null ? "–" : String.format("%,.0f (%,.0f)", v.maxMillis(), lower.maxMillis()), f.notSeen().getOrDefault(kind, 0L));
      }
    }
    line("");
    line("The load and the observers (CPU in cores over the window; the machine's includes whatever else ran on it). A read"
        + " is late by how long after its due time (2xx, then every %d ms or a tenth of the wait so far) it was sent: a reader bottleneck shows here.",
        s.pollMillis());
    line("");
    line("| offered /s | scheduler late mean / max ms | became hires (no settled employee) | reads /s | read late mean / p99 / max ms |"
        + " read errors | CPU: this JVM | Azurite | machine | settled employees at end |");
    line("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      FreshnessWindow.Figures f = r.figures();
      line("| %d | %.1f / %.1f | %s | %,.0f | %.1f / %.0f / %.0f | %d | %.2f | %.2f | %.2f | %,d |", r.rate(),
          f.schedulerLateMeanMillis(), f.schedulerLateMaxMillis(), f.substituted().isEmpty() ? "0" : f.substituted().toString(),
          f.reads() / (double) r.seconds(), f.readLateMeanMillis(), f.readLate().percentileMillis(99), f.readLate().maxMillis(),
          f.readErrors(), r.cpu()[0] / r.seconds(), r.cpu()[1] / r.seconds(), r.cpu()[2] / r.seconds(), r.settled());
    }
    componentCpu(results);
    line("");
    line("Storage requests per event applied, by sender and kind, a failed one with its status (idle, the projector and its workers"
        + " send %.1f requests/s):",
        idlePerSecond);
    line("");
    for (RateResult r : results) {
      line("- %d/s: %s", r.rate(), r.byGroupAndLabel().entrySet().stream()
          .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
          .map(e -> String.format("%s %.2f", e.getKey(), e.getValue() / r.eventsApplied()))
          .collect(Collectors.joining(", ")));
      if (!r.otherOrigins().isEmpty()) {
        line("  - other senders: %s", r.otherOrigins());
      }
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

  /** This JVM's CPU in each window by component: a row per component, a column per rate. */
  private void componentCpu(List<RateResult> results) {
    line("");
    line("This JVM's CPU by component, in cores over each window: every Java thread's CPU time at the window's start and"
        + " end, grouped by thread name. A thread that started in the window counts with all its time; one that ended in it"
        + " loses its time (counted in the last row), so the sum can fall short. The JIT compiler's, the collectors' and the"
        + " VM's own threads are no Java threads: their CPU is read from /proc (– where there is none). Below the process,"
        + " for comparison: the JIT's compilation time (elapsed time of the compilations, which a busy machine stretches"
        + " beyond their CPU) and the collections' time (wall time of the collections, not CPU).");
    line("");
    line("| component |%s", results.stream().map(r -> " " + r.rate() + "/s |").collect(Collectors.joining()));
    line("|---|%s", "---:|".repeat(results.size()));
    for (ComponentCpu.Component c : ComponentCpu.Component.values()) {
      cpuRow(results, c.label, r -> r.threads().byComponent().get(c));
    }
    cpuRow(results, "**sum of Java threads**", r -> r.threads().threadSeconds());
    for (ComponentCpu.JvmThreads k : ComponentCpu.JvmThreads.values()) {
      cpuRow(results, k.label, r -> r.threads().jvmThreads().getOrDefault(k, Double.NaN));
    }
    cpuRow(results, "**this JVM (process)**", r -> r.cpu()[0]);
    cpuRow(results, "JIT (compilation time)", r -> r.threads().compilationSeconds());
    cpuRow(results, "GC (collection time, wall)", r -> r.threads().collectionSeconds());
    line("| Java threads started / ended in the window |%s", results.stream()
        .map(r -> " " + r.threads().started() + " / " + r.threads().ended() + " |").collect(Collectors.joining()));
    line("");
    for (RateResult r : results) {
      line("- %d/s, the largest in other: %s", r.rate(), r.threads().topOther().entrySet().stream()
          .map(e -> String.format("%s %.2f", e.getKey(), e.getValue() / r.seconds())).collect(Collectors.joining(", ")));
    }
  }

  private void cpuRow(List<RateResult> results, String label, ToDoubleFunction<RateResult> seconds) {
    line("| %s |%s", label, results.stream().map(r -> seconds.applyAsDouble(r) / r.seconds())
        .map(cores -> Double.isNaN(cores) ? " – |" : String.format(" %.2f |", cores)).collect(Collectors.joining()));
  }

  private static String ms(double millis) {
    return Double.isNaN(millis) ? "–" : String.format("%.0f", millis);
  }

  private static String withLower(Latencies v, Latencies lower) {
    if (v.count() == 0) {
      return "–";
    }
    return String.format("%,.0f / %,.0f / %,.0f (%,.0f / %,.0f / %,.0f)", v.percentileMillis(50), v.percentileMillis(99), v.maxMillis(),
        lower.percentileMillis(50), lower.percentileMillis(99), lower.maxMillis());
  }

  /**
   * The sustained rate: the highest rate offered whose window kept view freshness (the sampled
   * projector path) within {@link FreshnessSettings#SUSTAINED_VIEW_P99_MS} at p99, the email index
   * within {@link FreshnessSettings#SUSTAINED_INDEX_P99_MS}, answered every command and saw every
   * sampled effect, and drained within {@link FreshnessSettings#SUSTAINED_DRAIN_SECONDS} after it.
   */
  private void sustained(List<RateResult> results) {
    line("");
    line("## Sustained rate");
    line("");
    line("A rate is sustained when view freshness p99 ≤ %.0f ms (sampled projector path), email index p99 ≤ %.0f ms, no command"
        + " failed and no sampled effect was missed, and lag and queues drained ≤ %.0f s after the window.",
        FreshnessSettings.SUSTAINED_VIEW_P99_MS, FreshnessSettings.SUSTAINED_INDEX_P99_MS, FreshnessSettings.SUSTAINED_DRAIN_SECONDS);
    line("");
    line("| offered /s | 2xx /s | command p50 / p99 ms | view p99 ms | index p99 ms | errors + not seen | lag / depth at end | drained (s) |"
        + " requests / event: projector + workers | sustained |");
    line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    int best = 0;
    for (RateResult r : results) {
      FreshnessWindow.Figures f = r.figures();
      double view = f.projectorPath().count() == 0 ? Double.NaN : f.projectorPath().percentileMillis(99);
      double index = f.index().visibility().count() == 0 ? Double.NaN : f.index().visibility().percentileMillis(99);
      long missed = f.errorCount() + f.notSeenCount() + f.index().notSeen();
      boolean sustained = view <= FreshnessSettings.SUSTAINED_VIEW_P99_MS && index <= FreshnessSettings.SUSTAINED_INDEX_P99_MS
          && missed == 0 && r.drainSeconds() <= FreshnessSettings.SUSTAINED_DRAIN_SECONDS;
      if (sustained) {
        best = Math.max(best, r.rate());
      }
      line("| %d | %.1f | %.0f / %.0f | %s | %s | %d | %,.0f / %,d | %s | %.2f + %.2f | %s |", r.rate(), f.succeededPerSecond(),
          f.commandLatency().percentileMillis(50), f.commandLatency().percentileMillis(99), ms(view), ms(index), missed,
          r.lagAtEnd(), r.depthAtEnd(), Double.isNaN(r.drainSeconds()) ? "> " + r.drainLimit() : String.format("%.1f", r.drainSeconds()),
          r.requestsPerEvent(RequestOrigins.Group.PROJECTOR), r.requestsPerEvent(RequestOrigins.Group.WORKERS), sustained ? "yes" : "no");
    }
    line("");
    line(best == 0 ? "**Sustained rate: none of the rates offered.**" : "**Sustained rate: %d commands/s** (the highest rate offered that kept within"
        + " the conditions).", best);
  }

  /** Command → index: a sampled hire's email lookup, the workers' own histogram, and their storage requests per item. */
  private void indexFreshness(List<RateResult> results) {
    line("");
    line("## Command → index: from a hire's 2xx to the email lookup answering");
    line("");
    line("One sampled hire in " + OpenLoad.INDEX_EVERY + ": ms from the 2xx to the first `GET /employees?email=` that answers with the employee (lower bounds in"
        + " brackets). The workers' histogram, tablecast_worker_index_freshness_seconds on the index-maintenance queue, runs"
        + " from the event's occurredAt to the end of its work item, from the window's start until its effects were resolved."
        + " Requests per item: the queue workers' storage requests divided by the work items they finished.");
    line("");
    line("| offered /s | hires watched | seen | p50 | p99 | max | not seen | workers' metric: items | p50 / p99 ms |"
        + " workers' requests / item |");
    line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (RateResult r : results) {
      FreshnessWindow.IndexFigures index = r.figures().index();
      Latencies seen = index.visibility().count() == 0 ? null : index.visibility();
      PromHistogram metric = r.freshnessToDrained().get(FreshnessBenchmark.INDEX);
      line("| %d | %,d | %,d | %s | %s | %s | %d | %s | %s | %.2f |", r.rate(), index.awaited(), index.visibility().count(),
          pair(seen, index.lowerBound(), 50), pair(seen, index.lowerBound(), 99),
          seen == null ? "–" : String.format("%,.0f (%,.0f)", index.visibility().maxMillis(), index.lowerBound().maxMillis()),
          index.notSeen(), events(metric), p50p99(metric), r.workerRequestsPerItem());
    }
  }

  private static String pair(Latencies v, Latencies lower, double percentile) {
    return v == null ? "–" : String.format("%,.0f (%,.0f)", v.percentileMillis(percentile), lower.percentileMillis(percentile));
  }

  private static String events(PromHistogram h) {
    return h == null || h.isEmpty() ? "–" : String.format("%,.0f", h.count());
  }

  private static String p50p99(PromHistogram h) {
    return h == null || h.isEmpty() ? "–" : String.format("%,.0f / %,.0f", h.percentileMillis(50), h.percentileMillis(99));
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
