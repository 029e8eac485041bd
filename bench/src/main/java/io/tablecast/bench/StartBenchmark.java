package io.tablecast.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The start benchmark: how long a newcomer waits for {@code ./tablecast dev}, and for its stop,
 * measured as a user runs it. Each run clones the checkout afresh (its committed state), runs
 * {@code ./tablecast dev} in the clone, which builds dev mode first (the cold start: the Maven
 * dependencies and npm's cache are already on the machine, as after a first build), stops it, then
 * starts it again (the warm start: nothing to build, the data directory kept) and stops it again.
 * A start lasts until the commands, views and projector services all answer {@code /health}; the
 * build until {@code ./tablecast} execs the JVM. Stops are by SIGTERM, which dev mode handles as
 * Ctrl-C. A command-line tool: it prints Markdown and asserts nothing.
 *
 * <p>Parameters ({@code -D}): {@code home} (the checkout to clone, default this one), {@code runs}
 * (3), {@code portOffset} (3100).
 */
public final class StartBenchmark {

  /** One run's seconds, and whether both stops exited 0 and were recorded as clean. */
  record Run(double build, double cold, double coldStop, double warm, double warmStop, boolean clean) {}

  private static final Duration START_TIMEOUT = Duration.ofMinutes(10);

  private StartBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path home = Path.of(System.getProperty("home", ".")).toAbsolutePath().normalize();
    int runs = Integer.getInteger("runs", 3);
    int portOffset = Integer.getInteger("portOffset", 3100);
    System.out.printf("# Tablecast start benchmark, %s%n%n", ProjectorBenchmark.now());
    System.out.printf("Fresh clones of %s (commit %s), `./tablecast dev --port-offset %d`, %d runs; machine: %d processors, "
        + "Java %s, load average %.2f at the start%n%n", home, git(home, "rev-parse", "--short", "HEAD"), portOffset, runs,
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), loadAverage());
    List<Run> results = new ArrayList<>();
    for (int n = 1; n <= runs; n++) {
      try (ScratchDir scratch = ScratchDir.create("tablecast-start-bench-")) {
        Path clone = scratch.resolve("tablecast");
        git(scratch.path(), "clone", "--quiet", "--no-hardlinks", home.toString(), clone.toString());
        Path data = scratch.resolve("data");
        double build;
        double cold;
        DevModeChild.Stop coldStop;
        try (DevModeChild dev = DevModeChild.start(clone, portOffset, data, scratch.resolve("cold.log"))) {
          build = dev.awaitJvm(START_TIMEOUT);
          cold = build + dev.awaitServing(START_TIMEOUT);
          coldStop = dev.stop();
        }
        double warm;
        DevModeChild.Stop warmStop;
        try (DevModeChild dev = DevModeChild.start(clone, portOffset, data, scratch.resolve("warm.log"))) {
          warm = dev.awaitServing(START_TIMEOUT);
          warmStop = dev.stop();
        }
        Run run = new Run(build, cold, coldStop.seconds(), warm, warmStop.seconds(), clean(coldStop) && clean(warmStop));
        results.add(run);
        System.out.printf("run %d: %s%n", n, run);
      }
    }
    report(results);
  }

  private static boolean clean(DevModeChild.Stop stop) {
    return stop.exitCode() == 0 && stop.clean();
  }

  private static void report(List<Run> runs) {
    System.out.printf("%n| run | build (s) | cold start, build included (s) | stop (s) | warm start (s) | stop (s) | stops clean, exit 0 |%n");
    System.out.printf("|---|---:|---:|---:|---:|---:|---|%n");
    for (int i = 0; i < runs.size(); i++) {
      Run r = runs.get(i);
      System.out.printf(Locale.ROOT, "| %d | %.1f | %.1f | %.1f | %.1f | %.1f | %s |%n", i + 1, r.build(), r.cold(), r.coldStop(), r.warm(),
          r.warmStop(), r.clean() ? "yes" : "**no**");
    }
    System.out.printf(Locale.ROOT, "| **median** | %.1f | **%.1f** | %.1f | **%.1f** | %.1f | |%n", Report.median(runs, Run::build),
        Report.median(runs, Run::cold), Report.median(runs, Run::coldStop), Report.median(runs, Run::warm), Report.median(runs, Run::warmStop));
  }

  private static String git(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(git.getInputStream().readAllBytes()).strip();
    if (git.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
    }
    return out;
  }

  private static double loadAverage() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | NumberFormatException e) {
      return Double.NaN;
    }
  }
}
