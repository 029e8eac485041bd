package io.tablecast.bench;

import static io.tablecast.hr.tables.HrViewSet.HR;

import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import java.nio.file.Files;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntPredicate;

/**
 * The views benchmark: point-query requests/s through HTTP
 * ({@code GET /departments/{dept}/employees/{id}}) at a fixed concurrency, with p50 and p99,
 * against the raw ceiling of the SDK's {@code getEntity} on the same rows, at the same
 * concurrency, in the same run. A command-line tool: it prints Markdown and asserts nothing
 * about time.
 *
 * <p>Like with like: both paths are warmed up for the same time before any round counts, and
 * both send through the same HTTP client stack with the same options (azure-core's default
 * client, as {@code AzureClients} builds it), so the difference is the views service's own
 * work and its extra loopback hop. Each round measures both, in alternating order; the report
 * gives the medians of the rounds and the median of each round's own ratio.
 */
public final class ViewsBenchmark {

  private ViewsBenchmark() {}

  record Round(String kind, double perSecond, double p50, double p99, long errors) {}

  public static void main(String[] args) throws Exception {
    int clients = Integer.getInteger("clients", 16);
    int seconds = Integer.getInteger("seconds", 15);
    int rounds = Integer.getInteger("rounds", 3);
    int warmup = Integer.getInteger("warmup", 15);
    int departments = 20;
    int perDepartment = 100;
    System.out.printf("# Tablecast views benchmark, %s%n%n", ProjectorBenchmark.now());
    System.out.printf("%d clients, %d rounds of %d s each way (after a %d s warm-up of each), %,d employees in %d departments; "
        + "machine: %d processors, Java %s%n%n", clients, rounds, seconds, warmup, departments * perDepartment, departments,
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
    try (EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(Files.createTempDirectory("tablecast-views-bench-")))) {
      Namespace namespace = new Namespace("vb" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
      AzureClients owner = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
      new ViewCatalog(owner.tableService(), namespace, HR).initialize();
      TableClient employees = owner.table(new Generation(HR, namespace, 1).table(ViewTable.EMPLOYEES));
      seed(employees, departments, perDepartment);
      StorageSettings readOnly = ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofHours(2));
      TableClient raw = new AzureClients(readOnly).table(new Generation(HR, namespace, 1).table(ViewTable.EMPLOYEES));
      try (ViewsService views = ViewsService.start(ViewsConfig.of(namespace, readOnly,
          new KafkaSettings(runtime.bootstrapServers(), 3), new HttpSettings("127.0.0.1", 0)))) {
        HttpClient http = HttpClient.createDefault(AzureClients.httpClientOptions());
        String base = views.uri().toString();
        IntPredicate viaHttp = n -> get(http, base + path(n, departments, perDepartment));
        IntPredicate viaSdk = n -> raw.getEntity("D" + (n % departments), EmployeesLayout.employee(new EmployeeId(1 + n))) != null;
        int population = departments * perDepartment;
        run(viaHttp, clients, warmup, population);
        run(viaSdk, clients, warmup, population);
        List<Round> results = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
          boolean httpFirst = round % 2 == 1;
          Round first = measure(httpFirst ? "HTTP" : "SDK getEntity", httpFirst ? viaHttp : viaSdk, clients, seconds, population);
          Round second = measure(httpFirst ? "SDK getEntity" : "HTTP", httpFirst ? viaSdk : viaHttp, clients, seconds, population);
          Round httpRound = httpFirst ? first : second;
          Round sdkRound = httpFirst ? second : first;
          results.add(httpRound);
          results.add(sdkRound);
          System.out.printf("round %d: HTTP %.0f/s (p50 %.1f ms), SDK %.0f/s (p50 %.1f ms), ratio %.2f%n", round, httpRound.perSecond(),
              httpRound.p50(), sdkRound.perSecond(), sdkRound.p50(), httpRound.perSecond() / sdkRound.perSecond());
        }
        report(results, clients);
      }
    }
  }

  private static String path(int n, int departments, int perDepartment) {
    return "/departments/D" + (n % departments) + "/employees/" + (1 + n);
  }

  /** Employee {@code n} (1-based id n + 1) lives in department {@code D<n mod departments>}. */
  private static void seed(TableClient table, int departments, int perDepartment) {
    table.createTable();
    for (int d = 0; d < departments; d++) {
      List<TableTransactionAction> batch = new ArrayList<>();
      batch.add(new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, new TableEntity("D" + d, EmployeesLayout.DEPARTMENT)
          .addProperty("Name", "Department " + d).addProperty("EmployeeCount", perDepartment).addProperty("Version", 1L)));
      for (int n = d; n < departments * perDepartment; n += departments) {
        if (batch.size() == 100) {
          table.submitTransaction(batch);
          batch = new ArrayList<>();
        }
        EmployeeId id = new EmployeeId(1 + n);
        batch.add(new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, new TableEntity("D" + d, EmployeesLayout.employee(id))
            .addProperty("EntityType", "Employee").addProperty("EmployeeId", id.canonical()).addProperty("FirstName", "F" + n)
            .addProperty("LastName", "L" + n).addProperty("Email", "e" + n + "@x.io").addProperty("Age", 30)
            .addProperty("HiredAt", OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC)).addProperty("Version", 1L)));
      }
      table.submitTransaction(batch);
    }
  }

  /** A GET whose whole body is read, as the SDK reads a point query's. */
  private static boolean get(HttpClient http, String url) {
    try (HttpResponse response = http.sendSync(new HttpRequest(HttpMethod.GET, url), Context.NONE)) {
      return response.getStatusCode() == 200 && response.getBodyAsBinaryData().toBytes().length > 0;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static Round measure(String kind, IntPredicate request, int clients, int seconds, int population) throws Exception {
    long[][] latencies = run(request, clients, seconds, population);
    long count = Arrays.stream(latencies).mapToLong(l -> l.length).sum() - latencies.length; // the last slot counts errors
    long errors = Arrays.stream(latencies).mapToLong(l -> l[l.length - 1]).sum();
    long[] all = Arrays.stream(latencies).flatMapToLong(l -> Arrays.stream(l, 0, l.length - 1)).sorted().toArray();
    return new Round(kind, count / (double) seconds, percentile(all, 50), percentile(all, 99), errors);
  }

  /** Each client's latencies in nanoseconds, then its error count in the last slot. */
  private static long[][] run(IntPredicate request, int clients, int seconds, int population) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    List<Future<long[]>> futures = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      futures.add(pool.submit(() -> {
        long[] samples = new long[1024];
        int size = 0;
        long errors = 0;
        while (System.nanoTime() < end) {
          long start = System.nanoTime();
          boolean ok = request.test(ThreadLocalRandom.current().nextInt(population));
          if (!ok) {
            errors++;
            continue;
          }
          if (size == samples.length) {
            samples = Arrays.copyOf(samples, size * 2);
          }
          samples[size++] = System.nanoTime() - start;
        }
        long[] out = Arrays.copyOf(samples, size + 1);
        out[size] = errors;
        return out;
      }));
    }
    long[][] results = new long[clients][];
    for (int c = 0; c < clients; c++) {
      results[c] = futures.get(c).get();
    }
    pool.shutdown();
    return results;
  }

  private static double percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)] / 1_000_000.0;
  }

  private static double median(List<Round> rounds, String kind, java.util.function.ToDoubleFunction<Round> metric) {
    double[] values = rounds.stream().filter(r -> r.kind().equals(kind)).mapToDouble(metric).sorted().toArray();
    return values[values.length / 2];
  }

  private static void report(List<Round> rounds, int clients) {
    System.out.println();
    System.out.println("| path | requests/s (median) | p50 ms | p99 ms | errors |");
    System.out.println("|---|---:|---:|---:|---:|");
    for (String kind : List.of("HTTP", "SDK getEntity")) {
      System.out.printf("| %s | %,.0f | %.1f | %.1f | %d |%n", kind, median(rounds, kind, Round::perSecond), median(rounds, kind, Round::p50),
          median(rounds, kind, Round::p99), rounds.stream().filter(r -> r.kind().equals(kind)).mapToLong(Round::errors).sum());
    }
    List<Round> http = rounds.stream().filter(r -> r.kind().equals("HTTP")).toList();
    List<Round> sdk = rounds.stream().filter(r -> r.kind().equals("SDK getEntity")).toList();
    double[] ratios = java.util.stream.IntStream.range(0, http.size()).mapToDouble(i -> http.get(i).perSecond() / sdk.get(i).perSecond())
        .sorted().toArray();
    System.out.printf("%n**Ratio, HTTP to raw getEntity, at %d clients: %.2f of the medians; %.2f the median of the rounds' own ratios "
        + "(%s)**%n", clients, median(rounds, "HTTP", Round::perSecond) / median(rounds, "SDK getEntity", Round::perSecond),
        ratios[ratios.length / 2], java.util.Arrays.toString(Arrays.stream(ratios).mapToObj(r -> String.format("%.2f", r)).toArray()));
    System.out.printf("p50 difference, HTTP minus raw (medians): %.1f ms%n",
        median(rounds, "HTTP", Round::p50) - median(rounds, "SDK getEntity", Round::p50));
  }
}
