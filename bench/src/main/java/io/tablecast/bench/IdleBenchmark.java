package io.tablecast.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The idle benchmark: how much CPU dev mode uses when nobody sends it anything, measured as a user
 * runs it. Each run starts {@code ./tablecast dev} of a checkout as a child process, on its own
 * port offset and a fresh data directory, waits until its three services answer {@code /health},
 * lets it settle, then reads from {@code /proc} the CPU of the dev-mode JVM and of Azurite's
 * {@code node} over a window in which nothing is sent to it, and stops it. The report gives each
 * run, the medians, the JVM's CPU by component and by thread, and, once, Azurite's requests by kind
 * ({@link RequestTrace}). A command-line tool: it prints Markdown and asserts nothing.
 *
 * <p>Parameters ({@code -D}): {@code home} (the checkout, default this one; several, comma-separated,
 * are measured in turn, run by run, so that a before and an after share the machine's moods),
 * {@code runs} (3 of each), {@code settleSeconds} (120), {@code windowSeconds} (60), {@code
 * portOffset} (3000), {@code requestSeconds} (60, once per checkout after its last run; 0 counts no
 * requests), {@code top} (12).
 */
public final class IdleBenchmark {

  /**
   * One run: CPU seconds and context switches (wake-ups) of each process over the window, and the
   * JVM's by thread name.
   */
  record Run(double servedAfter, double jvm, double node, long jvmSwitches, long nodeSwitches, Map<String, ThreadTicks.Used> jvmThreads) {}

  private IdleBenchmark() {}

  public static void main(String[] args) throws Exception {
    List<Path> homes = Arrays.stream(System.getProperty("home", System.getProperty("tablecast.home", ".")).split(","))
        .map(h -> Path.of(h.strip()).toAbsolutePath().normalize()).toList();
    int runs = Integer.getInteger("runs", 3);
    int settle = Integer.getInteger("settleSeconds", 120);
    int window = Integer.getInteger("windowSeconds", 60);
    int portOffset = Integer.getInteger("portOffset", 3000);
    int requestSeconds = Integer.getInteger("requestSeconds", 60);
    int top = Integer.getInteger("top", 12);
    System.out.printf("# Tablecast idle dev mode benchmark, %s%n%n", ProjectorBenchmark.now());
    System.out.printf("`./tablecast dev` of %s, --port-offset %d, a fresh data directory per run; %d runs of each, alternating, each "
        + "measured over %d s starting %d s after its services first answered; machine: %d processors, Java %s%n%n",
        homes.stream().map(Path::toString).collect(Collectors.joining(" and ")), portOffset, runs, window, settle,
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
    Map<Path, List<Run>> results = new LinkedHashMap<>();
    Map<Path, Optional<Map<String, Integer>>> requests = new LinkedHashMap<>();
    try (ScratchDir scratch = ScratchDir.create("tablecast-idle-bench-")) {
      for (int n = 1; n <= runs; n++) {
        for (int h = 0; h < homes.size(); h++) {
          Path home = homes.get(h);
          Path dir = Files.createDirectory(scratch.resolve("run-" + n + "-" + h));
          try (DevModeChild dev = DevModeChild.start(home, portOffset, dir.resolve("data"), dir.resolve("dev-mode.log"))) {
            double served = dev.awaitServing(Duration.ofMinutes(10));
            Thread.sleep(settle * 1000L);
            Run run = measure(dev, served, window);
            results.computeIfAbsent(home, x -> new ArrayList<>()).add(run);
            System.out.printf("%s, run %d: served after %.0f s; JVM %.2f %%, Azurite %.2f %% of a core%n", home, n, served,
                percent(run.jvm(), window), percent(run.node(), window));
            if (n == runs && requestSeconds > 0) {
              long node = dev.azurite().orElseThrow(() -> new IllegalStateException("Azurite's node process is not under dev mode")).pid();
              requests.put(home, RequestTrace.count(node, Duration.ofSeconds(requestSeconds), dir));
            }
          }
        }
      }
    }
    results.forEach((home, runsOfHome) -> {
      System.out.printf("%n## %s%n", home);
      report(runsOfHome, window, top, requests.getOrDefault(home, Optional.empty()), requestSeconds);
    });
  }

  private static Run measure(DevModeChild dev, double served, int window) throws InterruptedException {
    long jvm = dev.pid();
    long node = dev.azurite().orElseThrow(() -> new IllegalStateException("Azurite's node process is not under dev mode")).pid();
    ThreadTicks.Snapshot jvmStart = ThreadTicks.of(jvm);
    ThreadTicks.Snapshot nodeStart = ThreadTicks.of(node);
    Thread.sleep(window * 1000L);
    ThreadTicks.Snapshot jvmEnd = ThreadTicks.of(jvm);
    ThreadTicks.Snapshot nodeEnd = ThreadTicks.of(node);
    Map<String, ThreadTicks.Used> byName = ThreadTicks.byJavaName(jvm, jvmStart, jvmEnd);
    return new Run(served, jvmEnd.process() - jvmStart.process(), nodeEnd.process() - nodeStart.process(),
        jvmEnd.allSwitches() - jvmStart.allSwitches(), nodeEnd.allSwitches() - nodeStart.allSwitches(), byName);
  }

  private static void report(List<Run> runs, int window, int top, Optional<Map<String, Integer>> requests, int requestSeconds) {
    System.out.printf("%n| run | served after (s) | JVM, %% of a core | Azurite (node), %% of a core | total, %% of a core "
        + "| wake-ups/s, JVM / node |%n");
    System.out.printf("|---|---:|---:|---:|---:|---:|%n");
    for (int i = 0; i < runs.size(); i++) {
      Run r = runs.get(i);
      System.out.printf("| %d | %.0f | %.2f | %.2f | %.2f | %.0f / %.0f |%n", i + 1, r.servedAfter(), percent(r.jvm(), window),
          percent(r.node(), window), percent(r.jvm() + r.node(), window), (double) r.jvmSwitches() / window,
          (double) r.nodeSwitches() / window);
    }
    System.out.printf("| **median** | | **%.2f** | **%.2f** | **%.2f** | %.0f / %.0f |%n", percent(Report.median(runs, Run::jvm), window),
        percent(Report.median(runs, Run::node), window), percent(Report.median(runs, r -> r.jvm() + r.node()), window),
        Report.median(runs, r -> (double) r.jvmSwitches()) / window, Report.median(runs, r -> (double) r.nodeSwitches()) / window);
    table("The JVM by component (median of the runs)", "component", grouped(runs, IdleBenchmark::component), window, 100);
    table("The JVM's busiest threads (median of the runs)", "threads", grouped(runs, ThreadTicks::family), window, top);
    requests.ifPresentOrElse(kinds -> {
      System.out.printf("%n### Azurite's requests, traced for %d s after the last run's window (per minute)%n%n", requestSeconds);
      System.out.printf("| request | per minute |%n|---|---:|%n");
      kinds.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
          .forEach(e -> System.out.printf("| `%s` | %.1f |%n", e.getKey(), e.getValue() * 60.0 / requestSeconds));
      System.out.printf("| **all** | **%.1f** |%n", kinds.values().stream().mapToInt(Integer::intValue).sum() * 60.0 / requestSeconds);
    }, () -> System.out.printf("%nAzurite's requests: not counted (no strace, or no right to trace).%n"));
  }

  /**
   * Each run's JVM threads grouped by {@code key} of their names, then the median over the runs of
   * each group's CPU seconds and of its context switches.
   */
  private static Map<String, ThreadTicks.Used> grouped(List<Run> runs, Function<String, String> key) {
    List<Map<String, ThreadTicks.Used>> perRun = runs.stream().map(r -> {
      Map<String, ThreadTicks.Used> groups = new HashMap<>();
      r.jvmThreads().forEach((name, used) -> groups.merge(key.apply(name), used, ThreadTicks.Used::plus));
      return groups;
    }).toList();
    ThreadTicks.Used none = new ThreadTicks.Used(0, 0);
    Map<String, ThreadTicks.Used> medians = new LinkedHashMap<>();
    new TreeSet<>(perRun.stream().flatMap(m -> m.keySet().stream()).toList()).forEach(group ->
        medians.put(group, new ThreadTicks.Used(Report.median(perRun, m -> m.getOrDefault(group, none).seconds()),
            Math.round(Report.median(perRun, m -> m.getOrDefault(group, none).switches())))));
    return medians;
  }

  private static void table(String title, String what, Map<String, ThreadTicks.Used> used, int window, int limit) {
    System.out.printf("%n### %s%n%n| %s | %% of a core | wake-ups/s |%n|---|---:|---:|%n", title, what);
    used.entrySet().stream().sorted(Comparator.comparingDouble((Map.Entry<String, ThreadTicks.Used> e) -> e.getValue().seconds())
            .reversed()).limit(limit)
        .forEach(e -> System.out.printf("| %s | %.2f | %.1f |%n", e.getKey(), percent(e.getValue().seconds(), window),
            (double) e.getValue().switches() / window));
  }

  /** What a dev-mode thread belongs to; the labels of the freshness benchmark where they apply. */
  static String component(String thread) {
    ComponentCpu.JvmThreads jvm = ComponentCpu.JvmThreads.of(thread);
    if (jvm != null) {
      return jvm.label;
    }
    ComponentCpu.Component component = ComponentCpu.component(thread);
    if (component != ComponentCpu.Component.OTHER && component != ComponentCpu.Component.BENCHMARK) {
      return component.label;
    }
    return thread.startsWith("views-") ? "views service" : "other";
  }

  private static double percent(double cpuSeconds, int windowSeconds) {
    return 100 * cpuSeconds / windowSeconds;
  }
}
