package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableItem;
import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EventTopicNames;
import io.tablecast.orders.OrderViews;
import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.LongRun;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A team's own view set beside HR: the pipeline keeps it from its own topic, found on the class
 * path; {@code /status} reports it; {@code verify} audits it and {@code rebuild} flips it to a new
 * generation while HR serves.
 */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class, ChildJvms.class})
class OrdersViewSetIT {

  private static final Instant AT = Instant.parse("2026-11-30T10:00:00Z");
  private static final Duration RUN = Duration.ofSeconds(120);

  @Test
  void orderEventsFromAnyProducerBecomeTheOrdersViews_theirStepIncluded_statusReportsThem_andTheViewsServeTheirRows(EmbeddedRuntime runtime,
      Pipeline pipeline)
      throws Exception {
    send(runtime, pipeline, placed("o1", 500), placed("o2", 300),
        new OrderEvent("o1", "c1", 2L, AT.plusSeconds(60), OrderEventType.SHIPPED, 0L, null));

    awaitSummary(pipeline, 1, Map.of("Orders", 2L, "Open", 1L, "TotalCents", 800L));
    TableClient byStatus = pipeline.azure().table(new Generation(OrderViews.VIEW_SET, pipeline.namespace(), 1)
        .table(OrderViews.ORDERS_BY_STATUS));
    await("the orders by status, filed by the step's workers").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
        assertThat(byStatus.listEntities().stream().map(row -> row.getPartitionKey() + "/" + row.getRowKey()))
            .containsExactlyInAnyOrder("shipped/o1", "placed/o2"));
    await("the view set on /status").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
      JsonNode viewSet = StreamSupport.stream(pipeline.views().get("/status").json().get("viewSets").spliterator(), false)
          .filter(v -> v.get("name").asText().equals("orders")).findFirst().orElseThrow();
      assertThat(viewSet.get("generation").get("active").asInt()).isEqualTo(1);
      assertThat(viewSet.get("projector").get("partitions")).isNotEmpty()
          .allSatisfy(p -> assertThat(p.get("topic").asText()).isEqualTo(pipeline.namespace().topic(OrderViews.TOPIC)))
          .anySatisfy(p -> assertThat(p.get("state").asText()).isEqualTo("running"));
      assertThat(viewSet.get("queues")).singleElement().satisfies(q -> {
        assertThat(q.get("name").asText()).isEqualTo(new Generation(OrderViews.VIEW_SET, pipeline.namespace(), 1)
            .queue(OrderViews.STATUS_QUEUE));
        assertThat(q.get("depth").asLong()).isZero();
        assertThat(q.get("poisonDepth").asLong()).isZero();
      });
      assertThat(pipeline.views().get("/status/dashboard").json().get("viewSets")).as("on the status page")
          .anySatisfy(v -> assertThat(v.get("name").asText()).isEqualTo("orders"));
    });
    theViewsServiceServesItsRows(pipeline.views());
    itsRoutesAnswerOnceTheEventATokenNamesIsApplied(runtime, pipeline);
  }

  /** The view set's own routes, shaped for its clients; a read that names an event just sent waits for it. */
  private static void itsRoutesAnswerOnceTheEventATokenNamesIsApplied(EmbeddedRuntime runtime, Pipeline pipeline) throws Exception {
    HttpTestClient views = pipeline.views();
    String token = send(runtime, pipeline, placed("o3", 200));
    EventPosition o3 = (EventPosition) ConsistencyToken.parse(token).orElseThrow();
    String next = new EventPosition(o3.topic(), o3.partition(), o3.offset() + 1).encode();

    CompletableFuture<HttpTestClient.Response> waiting = CompletableFuture.supplyAsync(() ->
        views.send(views.request("/orders/customers/c1").header("X-Consistency-Token", next).GET()));
    Thread.sleep(300); // asked for before the event it names exists
    send(runtime, pipeline, placed("o4", 100));
    HttpTestClient.Response customer = waiting.get(30, TimeUnit.SECONDS);

    assertThat(customer.status()).as(customer.raw().body()).isEqualTo(200);
    assertThat(customer.json().get("summary").get("Orders").asLong()).isEqualTo(4);
    assertThat(customer.json().get("orders")).extracting(row -> row.get("rowKey").asText())
        .containsExactly("order_o1", "order_o2", "order_o3", "order_o4");
    assertThat(views.get("/orders/customers/c1?status=shipped").json().get("orders")).extracting(row -> row.get("rowKey").asText())
        .containsExactly("status_shipped_o1");
    assertThat(views.send(views.request("/view-sets/orders/Customers/c1/order_o3").header("X-Consistency-Token", token).GET()).status())
        .as("the rows as stored take the token too").isEqualTo(200);

    assertProblem(views.get("/orders/customers/c9"), 404, "Nothing at /orders/customers/c9 in view set orders.");
    assertProblem(views.get("/orders/customers/c1?status=lost"), 400, "'status' is one of [placed, shipped, cancelled], was 'lost'.");
    String hrEvent = new EventPosition(pipeline.namespace().topic(EventTopicNames.EMPLOYEE_EVENTS), 0, 0).encode();
    assertProblem(views.send(views.request("/orders/customers/c1").header("X-Consistency-Token", hrEvent).GET()), 400,
        "'X-Consistency-Token' is not the position of an event on a topic of view set orders");
  }

  /** Point reads and pages of a partition, with fields, prefixes and continuations; problems for what is not there. */
  private static void theViewsServiceServesItsRows(HttpTestClient views) {
    HttpTestClient.Response read = views.get("/view-sets/orders/Customers/c1/summary?fields=Orders,Open");
    assertThat(read.status()).as(read.raw().body()).isEqualTo(200);
    JsonNode summary = read.json();
    assertThat(summary.get("rowKey").asText()).isEqualTo("summary");
    assertThat(summary.get("properties")).hasSize(2);
    assertThat(summary.get("properties").get("Open").asLong()).isEqualTo(1);
    JsonNode first = views.get("/view-sets/orders/Customers/c1?prefix=order_&pageSize=1").json();
    assertThat(first.get("items")).extracting(row -> row.get("rowKey").asText()).containsExactly("order_o1");
    JsonNode second = views.get("/view-sets/orders/Customers/c1?prefix=order_&pageSize=1&continuation="
        + first.get("continuation").asText()).json();
    assertThat(second.get("items")).extracting(row -> row.get("rowKey").asText()).containsExactly("order_o2");
    assertThat(views.get("/view-sets/orders/Customers/c1?prefix=status_&fields=Status").json().get("items"))
        .extracting(row -> row.get("rowKey").asText() + " " + row.get("properties"))
        .containsExactly("status_placed_o2 {\"Status\":\"placed\"}", "status_shipped_o1 {\"Status\":\"shipped\"}");

    assertProblem(views.get("/view-sets/orders/Customers/c1/nothing"), 404, "No row Customers(c1, nothing) in view set orders.");
    assertProblem(views.get("/view-sets/payroll/Customers/c1"), 404, "No view set 'payroll' here; there are [hr, orders].");
    assertProblem(views.get("/view-sets/orders/Payslips/c1"), 404, "View set orders has no table 'Payslips'");
    assertProblem(views.get("/view-sets/orders/Customers/c1?prefix=status_&continuation=" + first.get("continuation").asText()), 400,
        "'continuation' is not a token of this listing.");
    assertProblem(views.get("/view-sets/orders/Customers/c1?fields=Open,no%20such"), 400, "'fields' names no property: 'no such'.");
    assertProblem(views.get("/view-sets/orders/Customers/c1?pageSize=0"), 400, "'pageSize' must be a whole number from 1 to 1000.");
  }

  private static void assertProblem(HttpTestClient.Response response, int status, String detail) {
    assertThat(response.status()).as(response.raw().body()).isEqualTo(status);
    assertThat(response.contentType()).startsWith("application/problem+json");
    assertThat(response.json().get("detail").asText()).startsWith(detail);
  }

  @Test
  @LongRun
  void verifyFindsARowMissingFromTheOrders_aDryRunBuildsANewGenerationThatTheNextRebuildFlips_andAbortDropsOneLeftPending(
      EmbeddedRuntime runtime,
      Pipeline pipeline, ChildJvms.Launcher jvms, @TempDir Path dir) throws Exception {
    send(runtime, pipeline, placed("o1", 500), placed("o2", 300));
    awaitSummary(pipeline, 1, Map.of("Orders", 2L, "Open", 2L, "TotalCents", 800L));

    pipeline.azure().table(new Generation(OrderViews.VIEW_SET, pipeline.namespace(), 1).table(OrderViews.CUSTOMERS))
        .deleteEntity("c1", "status_placed_o1");
    ChildJvm tampered = jvms.start(dir.resolve("tampered.out"), pipeline.env(), TablecastCli.class, "verify", "--view-set", "orders");
    assertThat(tampered.awaitExitCode(RUN)).as(tampered.tail()).isOne();
    assertThat(tampered.output()).contains("Customers\tc1\tstatus_placed_o1\tmissing");
    ChildJvm dryRun = jvms.start(dir.resolve("dry-run.out"), pipeline.env(), TablecastCli.class, "rebuild", "--view-set", "orders",
        "--dry-run");
    assertThat(dryRun.awaitExitCode(RUN)).as(dryRun.tail()).isZero();
    assertThat(String.join("\n", dryRun.output())).contains("Generation 2 of view set orders is built and stays pending");
    ChildJvm rebuild = jvms.start(dir.resolve("rebuild.out"), pipeline.env(), TablecastCli.class, "rebuild", "--view-set", "orders");
    assertThat(rebuild.awaitExitCode(RUN)).as(rebuild.tail()).isZero();
    assertThat(String.join("\n", rebuild.output())).contains("Generation 2 of view set orders was built earlier",
        "ViewCatalog flipped: generation 2 of view set orders is active", "The live projector moved to generation 2");

    send(runtime, pipeline, new OrderEvent("o2", "c1", 2L, AT.plusSeconds(60), OrderEventType.CANCELLED, 0L, "out of stock"));
    awaitSummary(pipeline, 2, Map.of("Orders", 2L, "Open", 1L, "TotalCents", 500L));
    Generation first = new Generation(OrderViews.VIEW_SET, pipeline.namespace(), 1);
    assertThat(pipeline.azure().tableService().listTables().stream().map(TableItem::getName)).doesNotContainAnyElementsOf(first.tables());
    assertThat(pipeline.views().get("/status").json().get("generation").get("active").asInt()).as("HR's own generation").isEqualTo(1);
    ChildJvm again = jvms.start(dir.resolve("again.out"), pipeline.env(), TablecastCli.class, "verify", "--view-set", "orders");
    assertThat(again.awaitExitCode(RUN)).as(again.tail()).isZero();
    assertThat(String.join("\n", again.output())).contains("generation 2 of view set orders against 3 events: 0 difference(s)");

    ChildJvm pending = jvms.start(dir.resolve("pending.out"), pipeline.env(), TablecastCli.class, "rebuild", "--view-set", "orders",
        "--dry-run");
    assertThat(pending.awaitExitCode(RUN)).as(pending.tail()).isZero();
    ChildJvm abort = jvms.start(dir.resolve("abort.out"), pipeline.env(), TablecastCli.class, "abort", "--view-set", "orders");
    assertThat(abort.awaitExitCode(RUN)).as(abort.tail()).isZero();
    assertThat(abort.output()).contains("Generation 3 of view set orders dropped: its tables, queues and checkpoints are deleted.");
    assertThat(pipeline.azure().tableService().listTables().stream().map(TableItem::getName))
        .doesNotContainAnyElementsOf(new Generation(OrderViews.VIEW_SET, pipeline.namespace(), 3).tables());
  }

  private static OrderEvent placed(String order, long amount) {
    return new OrderEvent(order, "c1", 1L, AT, OrderEventType.PLACED, amount, null);
  }

  /** @return the last event's position, as its producer hands it to a reader that must see it */
  private static String send(EmbeddedRuntime runtime, Pipeline pipeline, OrderEvent... events) throws Exception {
    Properties config = new Properties();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, runtime.bootstrapServers());
    RecordMetadata last = null;
    try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
      for (OrderEvent event : events) {
        last = producer.send(new ProducerRecord<>(pipeline.namespace().topic(OrderViews.TOPIC), event.getCustomerId(),
            OrderViews.encode(event))).get();
      }
    }
    return new EventPosition(last.topic(), last.partition(), last.offset()).encode();
  }

  private static void awaitSummary(Pipeline pipeline, int generation, Map<String, Object> summary) {
    Generation orders = new Generation(OrderViews.VIEW_SET, pipeline.namespace(), generation);
    await("the customer's summary in generation " + generation).atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(() ->
        assertThat(TableRows.properties(pipeline.azure().table(orders.table(OrderViews.CUSTOMERS)).getEntity("c1", "summary")))
            .isEqualTo(summary));
  }
}
