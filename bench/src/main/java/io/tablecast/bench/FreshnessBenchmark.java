package io.tablecast.bench;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.ProjectorService;
import io.tablecast.testkit.RequestOrigins;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The freshness benchmark: for every command, the time from its 2xx answer to its effect being
 * visible through the views API, under an open-loop load at several fixed rates, with the whole
 * pipeline in one process as dev mode runs it (commands service, projector with its queue
 * workers, views service) on the embedded runtime.
 *
 * <p>One run: start Kafka and Azurite in a temporary directory and the three services in a fresh
 * namespace; create the departments and wait until the views show them; measure the projector's
 * idle storage requests; load at the lowest rate until the JIT compiler has settled ({@link
 * JitWarmup}); then, for each rate, a warm-up and a measured window of {@link OpenLoad open-loop}
 * commands whose effects {@link VisibilityReaders} await, then wait for the projector and the
 * queues to drain. The projector's and its workers' storage requests are counted by a {@link
 * StorageProbe} in their Azure pipeline, from the window's start until its effects are all
 * resolved, and divided by the events applied in that time; this JVM's CPU in the window is split
 * by component ({@link ComponentCpu}).
 *
 * <p>A command-line tool: it prints Markdown tables to standard output and asserts nothing about
 * time. Run it as {@code docs/benchmarks.md} shows; parameters in {@link FreshnessSettings}.
 */
public final class FreshnessBenchmark {

  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration DRAIN_POLL = Duration.ofMillis(100);
  private static final int IDLE_SECONDS = 5;
  /** The projector's freshness histogram, per view table, when it exports one. */
  static final String FRESHNESS = "tablecast_projector_freshness_seconds";
  static final List<String> TABLES = List.of("Employees", "EmployeeIndex", "EmployeeActivity");
  /** The workers' index freshness on the index-maintenance queue, kept beside the tables' under this key. */
  static final String INDEX = "index";
  private static final String INDEX_FRESHNESS = "tablecast_worker_index_freshness_seconds";
  private static final Pattern DEPTH = Pattern.compile("\"depth\":(\\d+)");
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private FreshnessBenchmark() {}

  public static void main(String[] args) throws IOException {
    FreshnessSettings settings = FreshnessSettings.fromSystemProperties();
    int code = 0;
    try (ScratchDir dir = ScratchDir.create("tablecast-freshness-bench-")) {
      run(settings, dir.path(), new FreshnessReport(System.out));
    } catch (RuntimeException | Error e) {
      e.printStackTrace();
      code = 1;
    }
    exit(code);
  }

  /**
   * Ends the JVM: by returning when only daemon threads are left, otherwise with {@code
   * System.exit} (a service thread that did not stop in time, retrying against a stopped
   * dependency, would keep it alive after the results are printed).
   */
  private static void exit(int code) {
    List<String> left = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && !t.isDaemon() && t != Thread.currentThread() && !"DestroyJavaVM".equals(t.getName()))
        .map(Thread::getName).sorted().toList();
    if (!left.isEmpty()) {
      System.err.println("Non-daemon threads still running at the end: " + left + "; exiting with " + code);
    }
    System.out.flush();
    System.err.flush();
    if (!left.isEmpty() || code != 0) {
      System.exit(code);
    }
  }

  private static RuntimeOptions runtimeOptions(FreshnessSettings s, Path dir) {
    RuntimeOptions options = RuntimeOptions.freePorts(dir.resolve("runtime"));
    return s.azuriteInMemory() ? options.azuriteInMemory() : options;
  }

  private static void run(FreshnessSettings s, Path dir, FreshnessReport report) {
    report.header(s);
    try {
      RequestOrigins.install();
    } catch (RuntimeException e) {
      report.line("(the SDK's shared executor could not be replaced, %s: requests are attributed by their own thread only)", e);
    }
    if (!ComponentCpu.enable()) {
      report.line("(this JVM does not measure its threads' CPU time: the CPU by component is all 0)");
    }
    try (EmbeddedRuntime runtime = EmbeddedRuntime.start(runtimeOptions(s, dir))) {
      Namespace namespace = new Namespace("fb" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
      KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), s.partitions());
      HttpSettings anyPort = new HttpSettings("127.0.0.1", 0);
      StorageProbe probe = new StorageProbe();
      // As dev mode runs them: the projector with its queue workers (one per queue), the commands, the views.
      ProjectorConfig projectorConfig = ProjectorConfig.of(namespace, kafka,
          StorageSettings.ofConnectionString(runtime.storageConnectionString()), anyPort);
      // The runtime closes these in the reverse order, before it stops Kafka and Azurite.
      ProjectorService projector = runtime.closeFirst("projector service", ProjectorService.start(projectorConfig, List.of(probe)));
      CommandsService commands = runtime.closeFirst("commands service", CommandsService.start(new CommandsConfig(namespace, kafka,
          anyPort, dir.resolve("streams"), COMMAND_TIMEOUT, "bench-1")));
      ViewsService views = runtime.closeFirst("views service", ViewsService.start(ViewsConfig.of(namespace,
          ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofHours(2)), kafka, anyPort)));
      report.line("namespace %s, %d partitions; projector: %d storage threads, %d queue worker(s) per queue", namespace.prefix(),
          s.partitions(), projectorConfig.threads(), projectorConfig.workers().perQueue());

      Roster roster = new Roster(createDepartments(commands.uri(), views.uri(), s.departments()));
      report.line("%d departments created and visible", s.departments());
      ProcessCpu.sleep(2_000);
      probe.drain();
      ProcessCpu.sleep(IDLE_SECONDS * 1000L);
      double idlePerSecond = probe.drain().samples().size() / (double) IDLE_SECONDS;
      report.line("idle: the projector and its workers send %.1f storage requests/s with nothing to do", idlePerSecond);
      report.line("");

      ProcessCpu azurite = new ProcessCpu(runtime.azurite().pid());
      List<FreshnessReport.RateResult> results = new ArrayList<>();
      try (VisibilityReaders readers = new VisibilityReaders(s.readers(), Duration.ofMillis(s.pollMillis()),
              Duration.ofSeconds(s.giveUpSeconds()), OpenLoad.outcome(roster));
          OpenLoad load = new OpenLoad(commands.uri(), views.uri(), roster, readers, s.sampleEvery(), s.cycle())) {
        if (s.jitWarmupSeconds() > 0) {
          int lowest = s.rates().stream().mapToInt(Integer::intValue).min().orElseThrow();
          report.jitWarmup(lowest, JitWarmup.run(load, lowest, s.jitWarmupSeconds()));
          long settled = System.nanoTime();
          double drained = awaitDrained(null, projector.uri(), views.uri(), settled, Duration.ofSeconds(s.drainSeconds()));
          report.line("the warm-up's backlog drained in %.1f s (NaN: not within the drain wait)", drained);
        }
        for (int rate : s.rates()) {
          if (s.warmup() > 0) {
            load.run(new FreshnessWindow("warm-up", rate, s.warmup()));
          }
          probe.drain();
          PromMetrics before = PromMetrics.scrape(projector.uri());
          double[] cpu = {ProcessCpu.jvmSeconds(), azurite.seconds(), ProcessCpu.machineSeconds()};
          ComponentCpu.Snapshot threads = ComponentCpu.sample();
          FreshnessWindow window = new FreshnessWindow("rate " + rate, rate, s.seconds());
          load.run(window);
          long end = System.nanoTime();
          ComponentCpu.Snapshot threadsAtEnd = ComponentCpu.sample();
          double[] cpuUsed = {ProcessCpu.jvmSeconds() - cpu[0], azurite.seconds() - cpu[1], ProcessCpu.machineSeconds() - cpu[2]};
          PromMetrics atEnd = PromMetrics.scrape(projector.uri());
          double lagAtEnd = atEnd.sum("tablecast_projector_lag");
          long depthAtEnd = queueDepth(views.uri());
          double drained = awaitDrained(window, projector.uri(), views.uri(), end, Duration.ofSeconds(s.drainSeconds()));
          awaitResolved(window, end + Duration.ofSeconds(s.drainSeconds()).toNanos());
          PromMetrics after = PromMetrics.scrape(projector.uri());
          StorageProbe.Window storage = probe.drain();
          Map<String, PromHistogram> freshness = new LinkedHashMap<>();
          Map<String, PromHistogram> freshnessToDrained = new LinkedHashMap<>();
          for (String table : TABLES) {
            freshness.put(table, PromHistogram.delta(before, atEnd, FRESHNESS, "table", table));
            freshnessToDrained.put(table, PromHistogram.delta(before, after, FRESHNESS, "table", table));
          }
          freshnessToDrained.put(INDEX, PromHistogram.delta(before, after, INDEX_FRESHNESS, "queue", "index-maintenance"));
          FreshnessReport.RateResult result = new FreshnessReport.RateResult(rate, window.figures(),
              after.sum("tablecast_projector_events_applied_total") - before.sum("tablecast_projector_events_applied_total"),
              after.sum("tablecast_worker_items_total") - before.sum("tablecast_worker_items_total"),
              storage.samples().size(), storage.byLabel(Long.MIN_VALUE, Long.MAX_VALUE), storage.byGroup(), storage.otherOrigins(),
              storage.byGroupAndLabel(), freshness, freshnessToDrained, lagAtEnd, depthAtEnd, drained,
              s.drainSeconds(), cpuUsed, ComponentCpu.between(threads, threadsAtEnd), s.seconds(), roster.settledCount());
          results.add(result);
          report.rateDone(result);
        }
      }
      report.results(results, s, idlePerSecond);
    }
  }

  /** Creates the departments through the commands API and waits until the views show every one. */
  private static List<String> createDepartments(URI commands, URI views, int count) {
    List<String> departments;
    try (HttpLoad load = new HttpLoad(commands, count)) {
      load.createDepartments();
      departments = load.departments();
    }
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    for (String department : departments) {
      while (get(views.resolve("/departments/" + department)).statusCode() != 200) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("Department " + department + " was not visible within 2 minutes");
        }
        ProcessCpu.sleep(50);
      }
    }
    return departments;
  }

  /**
   * Seconds from the window's end until every command of it is answered, the projector's lag is 0
   * and every work queue is empty; NaN when that takes longer than {@code timeout}.
   */
  /** @param window whose commands must all be answered first; null for none */
  private static double awaitDrained(FreshnessWindow window, URI projector, URI views, long end, Duration timeout) {
    long deadline = end + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if ((window == null || window.inFlight() == 0) && PromMetrics.scrape(projector).sum("tablecast_projector_lag") == 0 && queueDepth(views) == 0) {
        return (System.nanoTime() - end) / 1e9;
      }
      ProcessCpu.sleep(DRAIN_POLL.toMillis());
    }
    return Double.NaN;
  }

  /** Waits until every command of the window is seen, failed or given up on, or until {@code deadline}. */
  private static void awaitResolved(FreshnessWindow window, long deadline) {
    while (window.pending() > 0 && System.nanoTime() < deadline) {
      ProcessCpu.sleep(DRAIN_POLL.toMillis());
    }
  }

  /** The sum of the work queues' depths in the views' {@code /status}. */
  private static long queueDepth(URI views) {
    HttpResponse<String> response = get(views.resolve("/status"));
    if (response.statusCode() != 200) {
      throw new IllegalStateException("GET /status answered " + response.statusCode());
    }
    long depth = 0;
    for (Matcher m = DEPTH.matcher(response.body()); m.find(); ) {
      depth += Long.parseLong(m.group(1));
    }
    return depth;
  }

  private static HttpResponse<String> get(URI uri) {
    try {
      return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException("GET " + uri + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
