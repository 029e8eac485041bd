package io.tablecast.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
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
 * <p>Each client owns a department and the employees it hires. In the mix, it changes, transfers
 * (to the next client's department) and archives its own active employees, and makes them the
 * manager of its own department, so no request is refused; any non-2xx answer, or a request that
 * fails, counts as an error, by kind and status.
 */
final class HttpLoad implements AutoCloseable {

  private final CommandRequests commands;
  private final ExecutorService httpExecutor;
  private final ExecutorService drivers;
  private final HttpClient http;
  private final List<Client> clients = new ArrayList<>();
  /** Employee ids from 1 up: unique within the run (the namespace is fresh). */
  private final AtomicInteger nextEmployeeId = new AtomicInteger(1);
  /** 2xx answers over the whole run, warm-ups included. */
  private final LongAdder succeeded = new LongAdder();

  /** @param departments one per client of the largest run, at least 2 so that transfers have a target */
  HttpLoad(URI base, int departments) {
    this.commands = new CommandRequests(base);
    this.httpExecutor = Executors.newFixedThreadPool(Math.max(2, departments), daemon("bench-http"));
    this.drivers = Executors.newFixedThreadPool(Math.max(2, departments), daemon("bench-client"));
    this.http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .executor(httpExecutor)
        .build();
    for (int i = 0; i < Math.max(2, departments); i++) {
      clients.add(new Client(i, String.format("BenchD%03d", i)));
    }
  }

  List<String> departments() {
    return clients.stream().map(c -> c.department).toList();
  }

  /** Creates each client's department, all at once, and fails unless every one answers 201. */
  void createDepartments() {
    List<CompletableFuture<HttpResponse<String>>> answers = clients.stream()
        .map(c -> http.sendAsync(commands.createDepartment(c.department), HttpResponse.BodyHandlers.ofString()))
        .toList();
    for (CompletableFuture<HttpResponse<String>> answer : answers) {
      HttpResponse<String> response = answer.join();
      if (response.statusCode() != 201) {
        throw new IllegalStateException("Creating a department answered " + response.statusCode() + ": " + response.body());
      }
    }
  }

  /** Commands accepted over the whole run, warm-ups included. */
  long succeeded() {
    return succeeded.sum();
  }

  /** Runs the first {@code count} clients for {@code duration}; returns what was measured in that window. */
  Round run(Duration duration, int count, boolean mix) {
    long deadline = System.nanoTime() + duration.toNanos();
    List<Future<Tally>> running = clients.subList(0, count).stream().map(c -> drivers.submit(() -> c.runUntil(deadline, mix))).toList();
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
   * @param latencies of every answer of each kind, errors included
   * @param errors non-2xx statuses and failed requests ({@code IOException} class names), by kind
   * @param errorSamples one answer body per error kind
   */
  record Round(Duration window, long succeededInWindow, Map<CommandKind, Latencies> latencies,
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
      Map<CommandKind, Latencies> latencies = new EnumMap<>(CommandKind.class);
      for (CommandKind kind : CommandKind.values()) {
        latencies.put(kind, Latencies.merge(tallies.stream().map(t -> t.recorder(kind)).toList()));
      }
      return new Round(window, succeeded, latencies, errors, samples);
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
    final Map<CommandKind, Latencies.Recorder> latencies = new EnumMap<>(CommandKind.class);
    final Map<String, Long> errors = new TreeMap<>();
    final Map<String, String> errorSamples = new TreeMap<>();
    long succeededInWindow;

    Latencies.Recorder recorder(CommandKind kind) {
      return latencies.computeIfAbsent(kind, k -> new Latencies.Recorder());
    }
  }

  /** One client: its department, and the employees it hired that are still active, with their departments. */
  private final class Client {
    final int index;
    final String department;
    final List<int[]> active = new ArrayList<>(); // {id, department index}
    long requests;

    Client(int index, String department) {
      this.index = index;
      this.department = department;
    }

    Tally runUntil(long deadline, boolean mix) {
      Tally tally = new Tally();
      while (System.nanoTime() < deadline && !Thread.currentThread().isInterrupted()) {
        CommandKind kind = mix ? CommandKind.MIX_CYCLE[(int) (requests % CommandKind.MIX_CYCLE.length)] : CommandKind.HIRE;
        if (kind != CommandKind.HIRE && active.isEmpty()) {
          kind = CommandKind.HIRE;
        }
        requests++;
        int[] target = kind == CommandKind.HIRE ? new int[] {nextEmployeeId.getAndIncrement(), index} : active.get((int) (requests % active.size()));
        int to = (target[1] + 1) % clients.size();
        HttpRequest request = request(kind, target, to);
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
        tally.recorder(kind).record(ended - began);
        if (error != null) {
          tally.errors.merge(kind + " " + error, 1L, Long::sum);
          tally.errorSamples.putIfAbsent(kind + " " + error, body);
          continue;
        }
        succeeded.increment();
        if (ended <= deadline) {
          tally.succeededInWindow++;
        }
        switch (kind) {
          case HIRE -> active.add(target);
          case TRANSFER -> target[1] = to;
          case ARCHIVE -> active.remove(target);
          default -> { }
        }
      }
      return tally;
    }

    private HttpRequest request(CommandKind kind, int[] target, int to) {
      int id = target[0];
      return switch (kind) {
        case HIRE -> commands.hire(id, department);
        case PATCH -> commands.patch(id, "Lee" + requests % 7, (int) (20 + requests % 40));
        case TRANSFER -> commands.transfer(id, clients.get(to).department);
        case ARCHIVE -> commands.archive(id);
        case MANAGER -> commands.assignManager(department, id);
      };
    }
  }
}
