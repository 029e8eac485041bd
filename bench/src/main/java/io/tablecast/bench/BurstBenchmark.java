package io.tablecast.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablecast.commands.CommandsConfig;
import io.tablecast.views.ViewsConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The burst benchmark: {@code ./tablecast dev} started as a user starts it, then {@code clients}
 * clients hiring {@code hires} employees as fast as the commands API answers (a closed loop, into
 * 5 departments), and then the time until the whole pipeline is quiescent again, counted from the
 * last hire's answer: every event partition's lag 0 and every work queue empty, as {@code GET
 * /status} of the views says (polled every 250 ms). Meanwhile the same status is sampled for the
 * deepest lag and queue. Each run has a fresh data directory and {@code bursts} bursts, one after
 * the other once the pipeline is quiescent: no JIT warm-up, so the first is a user's first burst
 * after a start and the later ones meet a warm JVM. After each burst it prints the cores that dev
 * mode's JVM (by component) and Azurite used from its first hire to quiescence.
 *
 * <pre>mvn -q -pl bench -am package -DskipTests -Pburst-bench [-DburstRuns=2 -Dbursts=2 -Dhires=5000 -DburstClients=64]</pre>
 */
final class BurstBenchmark {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int DEPARTMENTS = 5;
  private static final Duration QUIESCENCE_LIMIT = Duration.ofMinutes(10);

  private BurstBenchmark() {}

  /** One run's figures. */
  record Run(int run, int burst, int hires, int errors, double seconds, Latencies latencies, double quiescentAfter, long maxLag, long maxQueue) {
    double rate() {
      return hires / seconds;
    }
  }

  public static void main(String[] args) throws Exception {
    Path home = Path.of(System.getProperty("home", ".")).toAbsolutePath().normalize();
    int runs = Integer.getInteger("runs", 2);
    int hires = Integer.getInteger("hires", 5000);
    int clients = Integer.getInteger("clients", 64);
    int portOffset = Integer.getInteger("portOffset", 3200);
    int bursts = Integer.getInteger("bursts", 2);
    System.out.printf("# Tablecast burst benchmark, %s%n%n", ProjectorBenchmark.now());
    System.out.printf("`./tablecast dev` of %s, --port-offset %d, a fresh data directory per run; %d burst(s) per run, "
        + "each of %d clients hiring %,d employees as fast as the commands API answers, into %d departments, then /status polled every "
        + "250 ms until every lag and queue is 0 (the first burst meets a JVM just started, the later ones a warm one). "
        + "%d runs; machine: %d processors, Java %s%n%n", home, portOffset, bursts, clients, hires, DEPARTMENTS, runs,
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
    List<Run> results = new ArrayList<>();
    try (ScratchDir scratch = ScratchDir.create("tablecast-burst-bench-")) {
      for (int n = 1; n <= runs; n++) {
        Path dir = Files.createDirectory(scratch.resolve("run-" + n));
        try (DevModeChild dev = DevModeChild.start(home, portOffset, dir.resolve("data"), dir.resolve("dev-mode.log"))) {
          dev.awaitServing(Duration.ofMinutes(10));
          List<String> departments = createDepartments(portOffset);
          for (int b = 1; b <= bursts; b++) {
            ThreadTicks.Snapshot jvmBefore = ThreadTicks.of(dev.pid());
            double azuriteBefore = azurite(dev);
            long began = System.nanoTime();
            Run run = burst(portOffset, departments, (b - 1) * hires, hires, clients, n, b);
            double seconds = (System.nanoTime() - began) / 1e9;
            String cpu = cpu(dev.pid(), jvmBefore, ThreadTicks.of(dev.pid()), azurite(dev) - azuriteBefore, seconds);
            results.add(run);
            System.out.printf("run %d, burst %d: %,d hires in %.1f s (%.0f/s), %d errors; hire p50 %.0f ms, p99 %.0f ms, max %.0f ms; "
                  + "quiescent %.1f s after the last answer; deepest lag %,d, deepest queue %,d%n", n, b, run.hires(), run.seconds(),
              run.rate(), run.errors(), run.latencies().percentileMillis(50), run.latencies().percentileMillis(99),
              run.latencies().maxMillis(), run.quiescentAfter(), run.maxLag(), run.maxQueue());
            System.out.printf("  %s%n", cpu);
          }
        }
      }
    }
    System.out.printf("%n| run | burst | hires/s | errors | hire p50 / p99 / max ms | quiescent after the last answer (s) | deepest lag | "
        + "deepest queue |%n|---:|---:|---:|---:|---:|---:|---:|---:|%n");
    for (Run r : results) {
      System.out.printf("| %d | %d | %.0f | %d | %.0f / %.0f / %.0f | %.1f | %,d | %,d |%n", r.run(), r.burst(), r.rate(), r.errors(),
          r.latencies().percentileMillis(50), r.latencies().percentileMillis(99), r.latencies().maxMillis(), r.quiescentAfter(), r.maxLag(),
          r.maxQueue());
    }
  }

  /** Azurite's CPU seconds so far; 0 when it is not under dev mode or not known. */
  private static double azurite(DevModeChild dev) {
    return dev.azurite().map(node -> new ProcessCpu(node.pid()).seconds()).orElse(0.0);
  }

  /**
   * The cores the dev-mode JVM, by component (busiest first, as the idle benchmark names them),
   * and Azurite used between two snapshots {@code seconds} apart.
   */
  private static String cpu(long jvm, ThreadTicks.Snapshot start, ThreadTicks.Snapshot end, double azuriteSeconds, double seconds) {
    Map<String, Double> byComponent = new HashMap<>();
    ThreadTicks.byJavaName(jvm, start, end).forEach((name, used) -> byComponent.merge(IdleBenchmark.component(name), used.seconds(), Double::sum));
    String components = byComponent.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
        .filter(e -> e.getValue() / seconds >= 0.005)
        .map(e -> String.format("%s %.2f", e.getKey(), e.getValue() / seconds)).collect(Collectors.joining(", "));
    return String.format("cores from the first hire to quiescence: dev-mode JVM %.2f (%s); Azurite %.2f",
        (end.process() - start.process()) / seconds, components, azuriteSeconds / seconds);
  }

  /** The burst's departments, created once per dev mode. */
  private static List<String> createDepartments(int portOffset) throws IOException, InterruptedException {
    CommandRequests commands = new CommandRequests(commandsBase(portOffset));
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    List<String> departments = new ArrayList<>();
    for (int d = 0; d < DEPARTMENTS; d++) {
      String department = String.format("Burst%02d", d);
      HttpResponse<String> created = http.send(commands.createDepartment(department), HttpResponse.BodyHandlers.ofString());
      if (created.statusCode() != 201) {
        throw new IllegalStateException("Creating a department answered " + created.statusCode() + ": " + created.body());
      }
      departments.add(department);
    }
    return departments;
  }

  private static URI commandsBase(int portOffset) {
    return URI.create("http://127.0.0.1:" + (CommandsConfig.DEFAULT_PORT + portOffset));
  }

  /** One burst: employees {@code firstId + 1} to {@code firstId + hires}. */
  private static Run burst(int portOffset, List<String> departments, int firstId, int hires, int clients, int run, int burst)
      throws Exception {
    URI status = URI.create("http://127.0.0.1:" + (ViewsConfig.DEFAULT_PORT + portOffset) + "/status");
    CommandRequests commands = new CommandRequests(commandsBase(portOffset));
    ExecutorService pool = Executors.newFixedThreadPool(clients + 1);
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).executor(pool).build();
    try {
      StatusWatch watch = new StatusWatch(http, status);
      Thread watcher = new Thread(watch, "burst-status");
      watcher.setDaemon(true);
      watcher.start();

      AtomicInteger next = new AtomicInteger(firstId);
      int lastId = firstId + hires;
      Map<Integer, Integer> errors = new ConcurrentHashMap<>();
      List<Latencies.Recorder> recorders = new ArrayList<>();
      List<Future<?>> running = new ArrayList<>();
      long start = System.nanoTime();
      for (int c = 0; c < clients; c++) {
        Latencies.Recorder recorder = new Latencies.Recorder();
        recorders.add(recorder);
        running.add(pool.submit(() -> {
          for (int id = next.incrementAndGet(); id <= lastId; id = next.incrementAndGet()) {
            long sent = System.nanoTime();
            try {
              int code = http.send(commands.hire(id, departments.get(id % DEPARTMENTS)), HttpResponse.BodyHandlers.discarding()).statusCode();
              if (code / 100 != 2) {
                errors.merge(code, 1, Integer::sum);
              }
            } catch (IOException e) {
              errors.merge(-1, 1, Integer::sum);
            }
            recorder.record(System.nanoTime() - sent);
          }
          return null;
        }));
      }
      for (Future<?> client : running) {
        client.get();
      }
      long lastAnswer = System.nanoTime();
      double quiescentAfter = watch.awaitQuiescent(QUIESCENCE_LIMIT, lastAnswer);
      watch.stop();
      return new Run(run, burst, hires, errors.values().stream().mapToInt(Integer::intValue).sum(), (lastAnswer - start) / 1e9,
          Latencies.merge(recorders), quiescentAfter, watch.maxLag.get(), watch.maxQueue.get());
    } finally {
      pool.shutdownNow();
    }
  }

  /** Polls {@code /status} every 250 ms: the deepest lag and queue seen, and whether all is quiet. */
  private static final class StatusWatch implements Runnable {
    private final HttpClient http;
    private final HttpRequest request;
    final AtomicLong maxLag = new AtomicLong();
    final AtomicLong maxQueue = new AtomicLong();
    private volatile boolean quiet;
    private volatile long quietSince = Long.MAX_VALUE;
    private volatile long lastPollNanos = Long.MIN_VALUE;
    private volatile boolean running = true;

    StatusWatch(HttpClient http, URI status) {
      this.http = http;
      this.request = HttpRequest.newBuilder(status).timeout(Duration.ofSeconds(10)).build();
    }

    @Override
    public void run() {
      while (running) {
        long polled = System.nanoTime();
        try {
          JsonNode status = JSON.readTree(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
          long lag = 0;
          for (JsonNode partition : status.at("/projector/partitions")) {
            lag = Math.max(lag, partition.get("lag").asLong());
          }
          long queue = 0;
          for (JsonNode q : status.at("/queues")) {
            queue = Math.max(queue, q.get("depth").asLong());
          }
          maxLag.accumulateAndGet(lag, Math::max);
          maxQueue.accumulateAndGet(queue, Math::max);
          boolean now = lag == 0 && queue == 0 && status.at("/projector/partitions").size() > 0;
          if (now && !quiet) {
            quietSince = polled;
          }
          quiet = now;
          lastPollNanos = polled;
          Thread.sleep(250);
        } catch (IOException e) {
          quiet = false;
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    /** Seconds from {@code fromNanos} until the status was quiet, at or after it. */
    double awaitQuiescent(Duration limit, long fromNanos) throws InterruptedException {
      long deadline = fromNanos + limit.toNanos();
      while (!(quiet && lastPollNanos >= fromNanos)) {
        if (System.nanoTime() > deadline) {
          return Double.NaN;
        }
        Thread.sleep(50);
      }
      return Math.max(0, quietSince - fromNanos) / 1e9;
    }

    void stop() {
      running = false;
    }
  }
}
