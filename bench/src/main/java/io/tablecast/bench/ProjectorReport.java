package io.tablecast.bench;

import io.tablecast.events.DomainEvent;
import io.tablecast.testkit.StorageProbe;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** Prints the projector benchmark's figures as Markdown tables, ready for {@code docs/benchmarks.md}. */
final class ProjectorReport {

  private final PrintStream out;

  ProjectorReport(PrintStream out) {
    this.out = out;
  }

  void line(String format, Object... args) {
    out.println(String.format(Locale.ROOT, format, args));
    out.flush();
  }

  void header(ProjectorBenchSettings s) {
    line("# Tablecast projector benchmark, %s", ProjectorBenchmark.now());
    line("%,d events (HrHistory TYPICAL, seed %d, %d departments) in %d phases, %d partitions per topic,"
        + " max.poll.records %d", s.events(), s.seed(), s.departments(), s.phases(), s.partitions(), s.maxPoll());
    line("machine: %d processors, Java %s, %s %s, max heap %d MiB", Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), System.getProperty("os.name"), System.getProperty("os.arch"),
        Runtime.getRuntime().maxMemory() >> 20);
    line("projector: %s", s.keepProjector() ? "one instance through all phases" : "started before each phase, stopped after it");
  }

  void workload(List<DomainEvent> events, List<List<DomainEvent>> phases) {
    StringBuilder types = new StringBuilder();
    ProjectorBenchmark.byType(events).forEach((type, n) -> types.append(String.format(Locale.ROOT, "%s %,d; ", type, n)));
    line("workload: %s", types.toString().replaceAll("; $", ""));
    StringBuilder sizes = new StringBuilder();
    phases.forEach(p -> sizes.append(String.format(Locale.ROOT, "%,d ", p.size())));
    line("phases: %s", sizes.toString().trim());
  }

  void calibration(double[] projectorSide, double[] rawSide) {
    line("");
    line("Calibration, both Azurite instances empty (3,000 single upserts on 8 threads; 30 EGTs of 100 on 4 threads):");
    line("");
    line("| Azurite | single upserts/s | EGT entities/s |");
    line("|---|---:|---:|");
    line("| projector's | %,.0f | %,.0f |", projectorSide[0], projectorSide[1]);
    line("| raw loaders' | %,.0f | %,.0f |", rawSide[0], rawSide[1]);
    line("");
  }

  void phaseDone(PhaseResult r) {
    line("phase %d done at %s: %,d events in %.1f s (%,.0f events/s); mix ceiling %.1f s (ratio %.2f), naive %.1f s"
        + " (ratio %.2f)", r.phase, ProjectorBenchmark.now(), r.events, r.projectorSeconds, r.eventsPerSecond(),
        r.mixSeconds(), r.ratioMix(), r.naiveSeconds(), r.ratioNaive());
  }

  void results(List<PhaseResult> phases) {
    long[] rows = new long[3];
    line("");
    line("## The projector, per phase");
    line("");
    line("| phase | events (total) | rows after: Employees / EmployeeIndex / EmployeeActivity | projector s | events/s"
        + " | entity writes/s | Employees EGTs | mean EGT size | EGT conflicts | storage retries | Azurite CPU |");
    line("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (PhaseResult r : phases) {
      rows[0] += r.growthEmployees;
      rows[1] += r.growthIndex;
      rows[2] += r.growthActivity;
      line("| %d | %,d (%,d) | %,d / %,d / %,d | %.1f | %,.0f | %,.0f | %,d | %.1f | %d | %d | %.0f %% |", r.phase,
          r.events, r.cumulativeEvents, rows[0], rows[1], rows[2], r.projectorSeconds, r.eventsPerSecond(),
          r.writesPerSecond(), r.employeesEgts, (double) r.employeesOps / r.employeesEgts, r.conflicts, r.retries,
          100 * r.projectorAzuriteCpu / r.projectorSeconds);
    }
    line("");
    line("## The projector's writes, per phase");
    line("");
    line("| phase | Employees ops | checkpoint rows (EGTs) | EGT-batchable | locator writes (inserts) | activity rows"
        + " (of which in EGTs) | single-partition | all entity writes | per event | queue messages (items) |"
        + " Employees queries | locator reads |");
    line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (PhaseResult r : phases) {
      line("| %d | %,d | %,d (%,d) | %,d | %,d (%,d) | %,d (%,d) | %,d | %,d | %.2f | %,d (%,d) | %,d | %,d |", r.phase,
          r.employeesOps, r.checkpointRows, r.checkpointEgts, r.egtWrites(), r.locatorWrites, r.locatorInserts,
          r.activityWrites, r.activityEgtRows, r.singleWrites(), r.writes(), (double) r.writes() / r.events,
          r.workMessages, r.workItems, r.employeesQueries, r.indexReads);
    }
    line("");
    line("Checks: events applied %s; dead letters %d; the probe counted %s Employees operations (metrics: %s);"
        + " predicted row growth (Employees / EmployeeIndex / EmployeeActivity) %s, counted %s.",
        joined(phases, r -> r.applied), phases.stream().mapToLong(r -> r.deadLetters).sum(),
        joined(phases, r -> r.probeEmployeesOps), joined(phases, r -> r.employeesOps),
        String.join(" | ", phases.stream().map(r -> String.format(Locale.ROOT, "%,d / %,d / %,d", r.expectedGrowth[0],
            r.expectedGrowth[1], r.expectedGrowth[2])).toList()),
        String.join(" | ", phases.stream().map(r -> String.format(Locale.ROOT, "%,d / %,d / %,d", r.growthEmployees,
            r.growthIndex, r.growthActivity)).toList()));
    line("");
    line("## Raw ceilings and ratios, per phase (measured right after the phase, at the same table size)");
    line("");
    line("| phase | raw rows after: RawEgt / RawLocator / RawActivity | EGT loader entities/s | single-upsert loader"
        + " entities/s | queue sends/s | mix ceiling s | mix ceiling events/s | **ratio to mix ceiling** | naive s |"
        + " naive events/s | **ratio to naive** | ratio to mix ceiling + queue |");
    line("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (PhaseResult r : phases) {
      line("| %d | %,d / %,d / %,d | %,.0f | %,.0f | %,.0f | %.1f | %,.0f | **%.2f** | %.1f | %,.0f | **%.2f** | %.2f |",
          r.phase, r.rawRows[0], r.rawRows[1], r.rawRows[2], r.egt.perSecond(), r.single.perSecond(),
          r.queue.perSecond(), r.mixSeconds(), r.events / r.mixSeconds(), r.ratioMix(), r.naiveSeconds(),
          r.events / r.naiveSeconds(), r.ratioNaive(), r.ratioMixWithQueue());
    }
    line("");
    line("Read check (not in any ratio): after each phase, %d filtered queries shaped like the projector's"
        + " (`PartitionKey eq 'p' and (RowKey eq 'a' or RowKey eq 'b' or RowKey eq 'c')`), then as many point reads,"
        + " on 4 threads against RawEgt, which is as large as Employees:", 400);
    line("");
    line("| phase | RawEgt rows | filtered query, mean ms | point read, mean ms | projector's Employees queries, mean ms |");
    line("|---:|---:|---:|---:|---:|");
    for (PhaseResult r : phases) {
      double projectorQuery = r.projectorLabels.stream().filter(l -> l.label().equals("Employees query"))
          .mapToDouble(StorageProbe.LabelStats::meanMillis).findFirst().orElse(0);
      line("| %d | %,d | %.1f | %.1f | %.1f |", r.phase, r.rawRows[0], r.readMillis[0], r.readMillis[1], projectorQuery);
    }
    overall(phases);
    line("");
    line("## Where the projector's time goes, per phase");
    line("");
    line("Storage requests seen by the probe while the phase was applied. Busy s: wall time with at least one request"
        + " of the kind in flight (kinds overlap, so the shares add up to more than 100 %%); latency is until the"
        + " response headers arrive.");
    for (PhaseResult r : phases) {
      labels("Phase " + r.phase + " (projector, " + String.format(Locale.ROOT, "%.1f", r.projectorSeconds) + " s)",
          r.projectorLabels, r.projectorSeconds);
    }
    for (PhaseResult r : phases) {
      labels("Phase " + r.phase + " (raw loaders, " + String.format(Locale.ROOT, "%.1f",
          r.egt.seconds() + r.single.seconds() + r.queue.seconds()) + " s)", r.rawLabels,
          r.egt.seconds() + r.single.seconds() + r.queue.seconds());
    }
    line("");
    line("## Other costs, outside every timing");
    line("");
    line("| phase | writing the phase to Kafka s | projector start + partitions assigned s | projector stop s |"
        + " waits for idle Azurite s | CPU cores used, projector: JVM / Azurite / other processes"
        + " | CPU cores used, EGT loader: JVM / Azurite / other | CPU cores used, single loader: JVM / Azurite / other"
        + " | Azurite RSS MiB: projector's / raw |");
    line("|---:|---:|---:|---:|---:|---|---|---|---|");
    for (PhaseResult r : phases) {
      line("| %d | %.1f | %.1f | %.1f | %.0f | %.2f / %.2f / %.2f | %.2f / %.2f / %.2f | %.2f / %.2f / %.2f | %,d / %,d |",
          r.phase, r.writeSeconds, r.startSeconds, r.closeSeconds, r.idleWaitSeconds, r.jvmCpu / r.projectorSeconds,
          r.projectorAzuriteCpu / r.projectorSeconds, r.foreignCpu / r.projectorSeconds,
          r.rawJvmCpuEgt / r.egt.seconds(), r.rawAzuriteCpuEgt / r.egt.seconds(), r.foreignCpuEgt / r.egt.seconds(),
          r.rawJvmCpuSingle / r.single.seconds(), r.rawAzuriteCpuSingle / r.single.seconds(),
          r.foreignCpuSingle / r.single.seconds(), r.projectorAzuriteRss, r.rawAzuriteRss);
    }
    line("");
    line("The JVM runs the Kafka broker, the projector and the raw loaders; Azurite is a single-threaded node process."
        + " The machine has %d cores.", Runtime.getRuntime().availableProcessors());
  }

  void failures(String who, java.util.Map<String, String> failures) {
    line("");
    line("Failed storage requests (%s, whole run): %s", who, failures.isEmpty() ? "none" : "");
    failures.forEach((kind, examples) -> line("- %s, e.g.\n    %s", kind, examples));
  }

  private void overall(List<PhaseResult> phases) {
    double projector = sum(phases, r -> r.projectorSeconds);
    double mix = sum(phases, PhaseResult::mixSeconds);
    double naive = sum(phases, PhaseResult::naiveSeconds);
    double queue = sum(phases, PhaseResult::queueSeconds);
    double events = sum(phases, r -> r.events);
    double writes = sum(phases, r -> r.writes());
    double ratioMix = mix / projector;
    double ratioNaive = naive / projector;
    line("");
    line("## Overall (all phases: sums of times, so each phase weighs by its duration)");
    line("");
    line("| figure | value |");
    line("|---|---:|");
    line("| events | %,.0f |", events);
    line("| entity writes (per event) | %,.0f (%.2f) |", writes, writes / events);
    line("| projector time | %.1f s |", projector);
    line("| **projector events/s** | **%,.0f** |", events / projector);
    line("| **projector entity writes/s** | **%,.0f** |", writes / projector);
    line("| mix ceiling time (same writes: EGT-batchable at the EGT rate, the rest at the single-upsert rate) | %.1f s |", mix);
    line("| mix ceiling events/s | %,.0f |", events / mix);
    line("| **ratio to the mix ceiling** (target ≥ 0.7) | **%.2f** (%s) |", ratioMix, ratioMix >= 0.7 ? "met" : "not met");
    line("| naive baseline writes (one upsert per entity an event changes, events one at a time) | %,.0f |", sum(phases, r -> r.naiveWrites));
    line("| naive baseline time (those writes at the single-upsert rate) | %.1f s |", naive);
    line("| naive baseline events/s | %,.0f |", events / naive);
    line("| **ratio to the naive baseline** (target ≥ 2.5) | **%.2f×** (%s) |", ratioNaive, ratioNaive >= 2.5 ? "met" : "not met");
    line("| the mix ceiling's own ratio to the naive baseline (the best any projector could do here) | %.2f× |", naive / mix);
    line("| the projector's writes, each a single upsert, at the single-upsert rate | %.1f s |", sum(phases, PhaseResult::unbatchedSeconds));
    line("| queue messages at the raw send rate | %.1f s |", queue);
    line("| ratio to the mix ceiling with the queue messages charged too | %.2f |", (mix + queue) / projector);
    line("| median per-phase ratio to mix ceiling / to naive | %.2f / %.2f |", median(phases, PhaseResult::ratioMix),
        median(phases, PhaseResult::ratioNaive));
  }

  private void labels(String title, List<StorageProbe.LabelStats> labels, double seconds) {
    line("");
    line("%s:", title);
    line("");
    line("| requests of kind | requests | entities | mean ms | p99 ms | busy s | busy %% | Σ latency s | mean request bytes | failed |");
    line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (StorageProbe.LabelStats l : labels) {
      line("| %s | %,d | %,d | %.1f | %.1f | %.1f | %.0f %% | %.1f | %,.0f | %d |", l.label(), l.requests(), l.entities(),
          l.meanMillis(), l.p99Millis(), l.busySeconds(), 100 * l.busySeconds() / seconds, l.sumSeconds(), l.meanBytes(),
          l.failures());
    }
  }

  private static String joined(List<PhaseResult> phases, java.util.function.ToLongFunction<PhaseResult> f) {
    return String.join(" | ", phases.stream().map(r -> String.format(Locale.ROOT, "%,d", f.applyAsLong(r))).toList());
  }

  private static double sum(List<PhaseResult> phases, ToDoubleFunction<PhaseResult> f) {
    return phases.stream().mapToDouble(f).sum();
  }

  static double median(List<PhaseResult> phases, ToDoubleFunction<PhaseResult> f) {
    double[] values = phases.stream().mapToDouble(f).sorted().toArray();
    int n = values.length;
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  }
}
