package io.tablecast.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.orders.OrderViews;
import io.tablecast.orders.events.OrderEvent;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tablecast demo-load}: fills a running pipeline with the demo's departments and employees
 * through the commands API, and with the demo's orders ({@link DemoOrders}) as any producer of the
 * {@code orders} example's topic would; waits until the views show them, and prints URLs to try.
 * The docker-compose demo runs it as its one-shot {@code demo-loader}.
 */
@Command(
    name = "demo-load",
    mixinStandardHelpOptions = true,
    description = {
        "Creates 5 departments, hires employees, assigns managers, then renames, transfers and archives some, "
            + "all through the commands API; then sends orders of 5 customers to the orders example's topic, on Kafka.",
        "Waits until the views show the expected counts, then prints URLs to try. "
            + "Safe to run again: every command carries an Idempotency-Key."})
final class DemoLoadCommand implements Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Option(names = "--commands", paramLabel = "<url>", defaultValue = "http://127.0.0.1:8081", description = "The commands API (default: ${DEFAULT-VALUE}).")
  URI commands;

  @Option(names = "--views", paramLabel = "<url>", defaultValue = "http://127.0.0.1:8082", description = "The views API (default: ${DEFAULT-VALUE}).")
  URI views;

  @Option(names = "--public-views", paramLabel = "<url>", description = "The views API as the user reaches it, for the printed URLs (default: --views).")
  URI publicViews;

  @Option(names = "--employees", paramLabel = "<count>", defaultValue = "300", description = "Employees to hire, at least 5 (default: ${DEFAULT-VALUE}).")
  int employees;

  @Option(names = "--orders", paramLabel = "<count>", defaultValue = "40",
      description = "Orders to send to the orders example's topic, 0 for none (default: ${DEFAULT-VALUE}).")
  int orders;

  @Option(names = "--timeout", defaultValue = "PT3M", description = "How long to wait for the services and then for the views (default: ${DEFAULT-VALUE}).")
  Duration timeout;

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final Env env;

  DemoLoadCommand() {
    this(Env.system());
  }

  /** @param env where the orders go: the Kafka settings and namespace ({@code TABLECAST_KAFKA_*}, {@code TABLECAST_NAMESPACE}) */
  DemoLoadCommand(Env env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    if (employees < 5 || orders < 0) {
      System.err.println("--employees must be at least 5 and --orders at least 0.");
      return 2;
    }
    KafkaSettings kafka;
    try {
      kafka = orders == 0 ? null : KafkaSettings.fromEnv(env);
      env.namespace();
    } catch (ConfigException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    DemoScenario scenario = DemoScenario.of(employees);
    awaitHealthy(commands);
    awaitHealthy(views);
    System.out.printf("Loading the demo into %s: %d departments, %d hires, %d managers, %d employees renamed, transferred or archived.%n",
        commands, scenario.departments().size(), scenario.hires().size(), scenario.managers().size(), scenario.followUps().size());
    sendAll(scenario.departments().stream().map(List::of).toList());
    sendAll(scenario.hires().stream().map(List::of).toList());
    sendAll(scenario.managers().stream().map(List::of).toList());
    sendAll(scenario.followUps());
    Map<String, Integer> expected = DemoScenario.expectedCounts(employees);
    if (!await("the views: employee counts", expected, () -> counts(expected))) {
      System.out.printf("The views did not show the expected counts %s within %s; see %s/status.%n", expected, timeout, views);
      return 1;
    }
    if (orders > 0) {
      DemoOrders demoOrders = DemoOrders.of(orders);
      String topic = env.namespace().topic(OrderViews.TOPIC);
      System.out.printf("Sending %d orders of customers %s to %s.%n", orders, demoOrders.expected().keySet(), topic);
      send(kafka, topic, demoOrders.events());
      if (!await("the orders view set", demoOrders.expected(), () -> orderCounts(demoOrders.expected().keySet()))) {
        System.out.printf("The orders view set did not show the orders %s within %s; see %s/status.%n", demoOrders.expected(), timeout,
            views);
        return 1;
      }
    }
    printTryIt(expected);
    return 0;
  }

  /** Keyed by customer, as a shop's producer would send them: each customer's events in order, on one partition. */
  private void send(KafkaSettings kafka, String topic, List<OrderEvent> events) throws Exception {
    Map<String, Object> config = kafka.client(Map.of(ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
        ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout.toMillis()));
    try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
      List<Future<?>> sent = events.stream().<Future<?>>map(event ->
          producer.send(new ProducerRecord<>(topic, event.getCustomerId(), OrderViews.encode(event)))).toList();
      for (Future<?> record : sent) {
        record.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }

  /** Each customer's summary ({@code GET /orders/customers/{id}}): its orders and those still open; null while it has none. */
  private Map<String, DemoOrders.Counts> orderCounts(Iterable<String> customers) throws IOException, InterruptedException {
    Map<String, DemoOrders.Counts> seen = new LinkedHashMap<>();
    for (String customer : customers) {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(views.resolve("/orders/customers/" + customer)).build(),
          HttpResponse.BodyHandlers.ofString());
      JsonNode summary = r.statusCode() == 200 ? JSON.readTree(r.body()).path("summary") : null;
      seen.put(customer, summary == null ? null : new DemoOrders.Counts(summary.path("Orders").asLong(), summary.path("Open").asLong()));
    }
    return seen;
  }

  /** Sends each sequence in order, the sequences 8 at a time; fails on the first command refused. */
  private void sendAll(List<List<DemoScenario.Step>> sequences) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Void>> done = sequences.stream().map(steps -> pool.submit(() -> {
        for (DemoScenario.Step step : steps) {
          send(step);
        }
        return (Void) null;
      })).toList();
      for (Future<Void> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Sends the command, and again with the same Idempotency-Key while its outcome is not known yet
   * (503) or the service is busy (429), for at most {@code timeout}: such answers are not kept
   * against the key, and a command that did complete answers its first outcome again.
   */
  private void send(DemoScenario.Step step) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(commands.resolve(step.path()))
        .timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/json")
        .header("Idempotency-Key", step.idempotencyKey())
        .method(step.method(), HttpRequest.BodyPublishers.ofString(step.body()))
        .build();
    long deadline = System.nanoTime() + timeout.toNanos();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    while ((response.statusCode() == 503 || response.statusCode() == 429) && System.nanoTime() < deadline) {
      Thread.sleep(1000L * response.headers().firstValueAsLong("Retry-After").orElse(1));
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    }
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(step.method() + " " + step.path() + " answered " + response.statusCode() + ": " + response.body());
    }
  }

  private void awaitHealthy(URI service) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (status(service.resolve("/health")) != 200) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(service + "/health did not answer 200 within " + timeout);
      }
      Thread.sleep(1000);
    }
  }

  /** What the views show, read again every 2 s. */
  @FunctionalInterface
  private interface Reading<T> {
    T read() throws IOException, InterruptedException;
  }

  /** Until {@code reading} shows {@code expected}, for at most {@code --timeout}; false if it never did. */
  private <T> boolean await(String what, T expected, Reading<T> reading) throws InterruptedException, IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      T seen = reading.read();
      if (seen.equals(expected)) {
        return true;
      }
      System.out.printf("Waiting for %s: %s, expected %s%n", what, seen, expected);
      Thread.sleep(2000);
    }
    return false;
  }

  private Map<String, Integer> counts(Map<String, Integer> expected) throws IOException, InterruptedException {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (String department : expected.keySet()) {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(views.resolve("/departments/" + department)).build(), HttpResponse.BodyHandlers.ofString());
      JsonNode body = r.statusCode() == 200 ? JSON.readTree(r.body()) : null;
      counts.put(department, body == null ? -1 : body.path("employeeCount").asInt(-1));
    }
    return counts;
  }

  private int status(URI uri) throws InterruptedException {
    try {
      return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      return -1;
    }
  }

  private void printTryIt(Map<String, Integer> counts) {
    String v = (publicViews == null ? views : publicViews).toString().replaceAll("/$", "");
    System.out.printf("%nThe demo is loaded; employees per department: %s%n%nTry:%n", counts);
    System.out.printf("  curl -s %s/departments/Sales%n", v);
    System.out.printf("  curl -s '%s/departments/Sales/employees?pageSize=5&fields=firstName,lastName'%n", v);
    System.out.printf("  curl -s %s/employees/7                   # transferred from %s to %s%n", v,
        DemoScenario.department(7), DemoScenario.finalDepartment(7));
    System.out.printf("  curl -s '%s/employees/7/activity?top=5'%n", v);
    System.out.printf("  curl -s '%s/employees?lastName=Lee'%n", v);
    System.out.printf("  curl -s %s/archive/departments/%s/employees/20   # archived%n", v, DemoScenario.department(20));
    if (orders > 0) {
      System.out.printf("  curl -s %s/orders/customers/c1               # the orders example's view set%n", v);
    }
    System.out.printf("  curl -s %s/status%n", v);
  }
}
