package io.tablecast.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Closed-loop HTTP load on the commands API: each of {@code clients} threads sends a request,
 * waits for its answer, and sends the next, so exactly {@code clients} requests are in flight.
 * One shared {@link HttpClient} (HTTP/1.1, kept-alive connections) serves every thread.
 *
 * <p>Every hire has a new employee id and email, so no request is refused as a duplicate; any
 * non-2xx answer, or a request that fails, counts as an error, by status.
 */
final class HttpLoad implements AutoCloseable {

  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

  private final URI base;
  private final BenchSettings settings;
  private final ExecutorService httpExecutor;
  private final ExecutorService drivers;
  private final HttpClient http;
  private final List<Client> clients = new ArrayList<>();
  /** Employee ids from 1 up: unique within the run (the namespace is fresh). */
  private final AtomicInteger nextEmployeeId = new AtomicInteger(1);
  /** 2xx answers over the whole run, warm-up included, by kind. */
  private final LongAdder hiresSucceeded = new LongAdder();
  private final LongAdder patchesSucceeded = new LongAdder();

  HttpLoad(URI base, BenchSettings settings) {
    this.base = base;
    this.settings = settings;
    this.httpExecutor = Executors.newFixedThreadPool(settings.clients(), daemon("bench-http"));
    this.drivers = Executors.newFixedThreadPool(settings.clients(), daemon("bench-client"));
    this.http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .executor(httpExecutor)
        .build();
    for (int i = 0; i < settings.clients(); i++) {
      clients.add(new Client(String.format("BenchD%03d", i)));
    }
  }

  List<String> departments() {
    return clients.stream().map(c -> c.department).toList();
  }

  /** Creates each client's department, all at once, and fails unless every one answers 201. */
  void createDepartments() {
    List<CompletableFuture<HttpResponse<String>>> answers = clients.stream()
        .map(c -> http.sendAsync(
            json("/departments", "POST", "{\"departmentId\":\"" + c.department + "\",\"name\":\"Bench " + c.department + "\"}"),
            HttpResponse.BodyHandlers.ofString()))
        .toList();
    for (CompletableFuture<HttpResponse<String>> answer : answers) {
      HttpResponse<String> response = answer.join();
      if (response.statusCode() != 201) {
        throw new IllegalStateException("Creating a department answered " + response.statusCode() + ": " + response.body());
      }
    }
  }

  long hiresSucceeded() {
    return hiresSucceeded.sum();
  }

  long patchesSucceeded() {
    return patchesSucceeded.sum();
  }

  /** Runs the load for {@code duration}; returns what was measured in that window. */
  Round run(Duration duration) {
    long start = System.nanoTime();
    long deadline = start + duration.toNanos();
    List<Future<Tally>> running = clients.stream().map(c -> drivers.submit(() -> c.runUntil(deadline))).toList();
    List<Tally> tallies = new ArrayList<>();
    for (Future<Tally> future : running) {
      tallies.add(await(future));
    }
    return Round.of(duration, tallies);
  }

  private static Tally await(Future<Tally> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the clients", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("A client failed", e.getCause());
    }
  }

  private HttpRequest json(String path, String method, String body) {
    return HttpRequest.newBuilder(base.resolve(path))
        .timeout(REQUEST_TIMEOUT)
        .header("Content-Type", "application/json")
        .method(method, HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  @Override
  public void close() {
    drivers.shutdownNow();
    httpExecutor.shutdownNow();
  }

  private static java.util.concurrent.ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * What one round measured.
   *
   * @param succeededInWindow 2xx answers that arrived before the deadline: the throughput's numerator
   * @param hires latencies of every hire answered, errors included
   * @param patches latencies of every PATCH answered, errors included
   * @param errors non-2xx statuses and failed requests ({@code IOException} class names), by kind
   * @param errorSamples one answer body per error kind
   */
  record Round(Duration window, long succeededInWindow, Latencies hires, Latencies patches,
      Map<String, Long> errors, Map<String, String> errorSamples) {

    static Round of(Duration window, List<Tally> tallies) {
      Map<String, Long> errors = new TreeMap<>();
      Map<String, String> samples = new TreeMap<>();
      long succeeded = 0;
      for (Tally t : tallies) {
        succeeded += t.succeededInWindow;
        t.errors.forEach((kind, n) -> errors.merge(kind, n, Long::sum));
        t.errorSamples.forEach(samples::putIfAbsent);
      }
      return new Round(window, succeeded,
          Latencies.merge(tallies.stream().map(t -> t.hires).toList()),
          Latencies.merge(tallies.stream().map(t -> t.patches).toList()), errors, samples);
    }

    double commandsPerSecond() {
      return succeededInWindow / (window.toNanos() / 1e9);
    }

    long errorCount() {
      return errors.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /** One client's figures for one round; written by that client's thread only. */
  private static final class Tally {
    final Latencies.Recorder hires = new Latencies.Recorder();
    final Latencies.Recorder patches = new Latencies.Recorder();
    final Map<String, Long> errors = new TreeMap<>();
    final Map<String, String> errorSamples = new TreeMap<>();
    long succeededInWindow;
  }

  /** One client: its department, and the last employee it hired (the target of its PATCHes). */
  private final class Client {
    final String department;
    int lastHired = -1;
    long requests;

    Client(String department) {
      this.department = department;
    }

    Tally runUntil(long deadline) {
      Tally tally = new Tally();
      while (System.nanoTime() < deadline && !Thread.currentThread().isInterrupted()) {
        boolean patch = settings.patchEvery() > 0 && lastHired > 0 && requests % settings.patchEvery() == settings.patchEvery() - 1;
        int id = patch ? lastHired : nextEmployeeId.getAndIncrement();
        HttpRequest request = patch
            ? json("/employees/" + id, "PATCH", "{\"age\":" + (20 + requests % 40) + "}")
            : json("/employees", "POST", "{\"employeeId\":\"" + id + "\",\"departmentId\":\"" + department
                + "\",\"firstName\":\"Ann\",\"lastName\":\"Lee\",\"email\":\"e" + id + "@bench.example\",\"age\":34}");
        requests++;
        long began = System.nanoTime();
        String error = null;
        String body = null;
        try {
          HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
          if (response.statusCode() / 100 != 2) {
            error = "HTTP " + response.statusCode();
            body = response.body();
          }
        } catch (IOException e) {
          error = e.getClass().getSimpleName();
          body = String.valueOf(e.getMessage());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
        long ended = System.nanoTime();
        (patch ? tally.patches : tally.hires).record(ended - began);
        if (error != null) {
          tally.errors.merge((patch ? "PATCH " : "hire ") + error, 1L, Long::sum);
          tally.errorSamples.putIfAbsent((patch ? "PATCH " : "hire ") + error, body);
        } else {
          if (ended <= deadline) {
            tally.succeededInWindow++;
          }
          if (patch) {
            patchesSucceeded.increment();
          } else {
            hiresSucceeded.increment();
            lastHired = id;
          }
        }
      }
      return tally;
    }
  }
}
