package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.ConsistencyToken.AggregateVersion;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Read-your-writes under many waiting reads (SPEC §5), against the whole pipeline: a views
 * instance whose storage requests are counted serves reads that carry the tokens of writes not
 * yet made, so they all wait; then the writes are made.
 */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class})
class ReadYourWritesIT {

  private static final Duration SETTLE = Duration.ofMinutes(2);
  private static final int EMPLOYEES = 8;
  private static final int READS_EACH = 8;
  private static final Duration HOLD = Duration.ofSeconds(3);

  @Test
  void sixtyFourWaitingReadsAreAllAnsweredOnceTheirWritesAreAppliedAndWaitingCostsNoRequestsPerRead(
      EmbeddedRuntime runtime, Pipeline pipeline) throws Exception {
    HttpTestClient commands = pipeline.commands();
    // The first command may meet a pipeline still starting on a busy machine: retried under one key.
    await("the department is created").atMost(SETTLE).ignoreExceptions().until(() -> commands.send(commands.request("/departments")
        .header("Content-Type", "application/json").header("Idempotency-Key", "create-ops")
        .POST(HttpRequest.BodyPublishers.ofString("{\"departmentId\":\"Ops\",\"name\":\"Ops\"}"))).status() == 201);
    List<AggregateVersion> hired = new ArrayList<>();
    for (int id = 1; id <= EMPLOYEES; id++) {
      Response hire = commands.postJson("/employees", String.format(
          "{\"employeeId\":\"%d\",\"departmentId\":\"Ops\",\"firstName\":\"F\",\"lastName\":\"L\",\"email\":\"e%d@x.io\",\"age\":30}", id, id));
      assertThat(hire.status()).as(hire.raw().body()).isEqualTo(201);
      hired.add((AggregateVersion) ConsistencyToken.parse(hire.json().get("consistencyToken").asText()).orElseThrow());
    }
    await("the hires are applied").atMost(SETTLE).until(() ->
        pipeline.views().get("/departments/Ops").status() == 200 && pipeline.views().get("/departments/Ops").json().get("employeeCount").asInt() == EMPLOYEES);

    StorageRequests requests = new StorageRequests();
    ViewsConfig config = ViewsConfig.of(pipeline.namespace(), ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofHours(1)),
        new KafkaSettings(runtime.bootstrapServers(), 3), new HttpSettings("127.0.0.1", 0)).withConsistencyWait(Duration.ofSeconds(60));
    ExecutorService readers = Executors.newFixedThreadPool(EMPLOYEES * READS_EACH);
    try (ViewsService views = ViewsService.start(config, List.of(requests))) {
      HttpTestClient client = new HttpTestClient(views.uri());
      // Each read carries the token of its employee's next write: the PATCH made below.
      List<Future<Response>> reads = new ArrayList<>();
      for (AggregateVersion hire : hired) {
        String token = new AggregateVersion(hire.kind(), hire.aggregateId(), hire.version() + 1).encode();
        for (int r = 0; r < READS_EACH; r++) {
          reads.add(readers.submit(() -> client.send(client.request("/departments/Ops/employees/" + hire.aggregateId())
              .header("X-Consistency-Token", token).GET())));
        }
      }
      Thread.sleep(500); // every read has arrived and is waiting
      Map<String, Long> before = requests.snapshot();
      long start = System.nanoTime();
      Thread.sleep(HOLD.toMillis());
      Map<String, Long> during = requests.since(before);
      long heldMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertThat(reads).as("no write yet, so no answer").noneMatch(Future::isDone);

      for (AggregateVersion hire : hired) {
        Response patched = commands.send(commands.request("/employees/" + hire.aggregateId()).header("Content-Type", "application/json")
            .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"age\":55}")));
        assertThat(patched.status()).as(patched.raw().body()).isEqualTo(200);
      }

      for (Future<Response> read : reads) {
        Response answer = read.get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        assertThat(answer.status()).as(answer.raw().body()).isEqualTo(200);
        assertThat(answer.json().get("age").asInt()).isEqualTo(55);
        assertThat(answer.json().get("version").asLong()).isEqualTo(2);
      }
      String checkpoints = new CatalogTables(pipeline.namespace()).projectorCheckpoints();
      String index = pipeline.generation().table(ViewTable.EMPLOYEE_INDEX);
      long listings = during.getOrDefault("query " + checkpoints, 0L);
      long locatorReads = during.getOrDefault("point " + index, 0L);
      LoggerFactory.getLogger(ReadYourWritesIT.class).info("Storage requests of {} reads waiting {} ms: {}", reads.size(), heldMillis, during);
      // Polling reads would have made 64 point reads every 25 ms; the watcher makes one listing
      // per pass and, without movement, reads each of the 8 locators once per fallback interval.
      assertThat(listings).as("checkpoint listings while waiting: at most one per pass").isBetween(1L, heldMillis / 10 + 1);
      assertThat(locatorReads).as("locator reads while waiting, %s", during)
          .isLessThanOrEqualTo(EMPLOYEES * (heldMillis / 200 + 2));
      // Besides: the status page's sampler, every 5 s, whether reads wait or not: the queues' depths.
      Set<String> queues = Arrays.stream(WorkQueue.values())
          .flatMap(q -> Stream.of(pipeline.generation().queue(q), pipeline.generation().poisonQueue(q))).map(q -> "query " + q)
          .collect(Collectors.toSet());
      assertThat(during.keySet()).as("nothing else is read for the waiting reads")
          .allMatch(kind -> kind.equals("query " + checkpoints) || kind.equals("point " + index) || kind.contains("Catalog")
              || queues.contains(kind));
    } finally {
      readers.shutdownNow();
    }
  }

  /** Counts the storage requests by kind and table: {@code "point <table>"} or {@code "query <table>"}. */
  private static final class StorageRequests implements HttpPipelinePolicy {
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

    @Override
    public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
      String path = URLDecoder.decode(context.getHttpRequest().getUrl().getPath(), StandardCharsets.UTF_8);
      String resource = path.substring(path.lastIndexOf('/') + 1);
      int paren = resource.indexOf('(');
      String kind = paren >= 0 && resource.contains("PartitionKey=") ? "point " : "query ";
      counts.computeIfAbsent(kind + (paren >= 0 ? resource.substring(0, paren) : resource), k -> new AtomicLong()).incrementAndGet();
      return next.process();
    }

    @Override
    public HttpPipelinePosition getPipelinePosition() {
      return HttpPipelinePosition.PER_RETRY;
    }

    Map<String, Long> snapshot() {
      Map<String, Long> copy = new ConcurrentHashMap<>();
      counts.forEach((k, v) -> copy.put(k, v.get()));
      return copy;
    }

    Map<String, Long> since(Map<String, Long> before) {
      Map<String, Long> delta = new ConcurrentHashMap<>();
      counts.forEach((k, v) -> {
        long n = v.get() - before.getOrDefault(k, 0L);
        if (n > 0) {
          delta.put(k, n);
        }
      });
      return delta;
    }
  }
}
