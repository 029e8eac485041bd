package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.orders.OrderViews;
import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.ProjectorService;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.SpanRecorder;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One hire over HTTP is one trace, from the request through the processor's decision and the
 * projector's EGT to the worker's index writes, and an event of a team's view set joins the trace
 * its producer named in its headers, with the real broker and Azurite and an OpenTelemetry SDK
 * injected into the services.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class TracingIT {

  private static final Duration PROJECTION = Duration.ofSeconds(60);

  @Test
  void aHireIsOneTraceFromTheRequestThroughTheDecisionAndTheEgtToTheIndexWrites(EmbeddedRuntime runtime, Namespace namespace)
      throws Exception {
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 3);
    HttpSettings anyPort = new HttpSettings("127.0.0.1", 0);
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    try (SpanRecorder recorder = new SpanRecorder();
         ProjectorService projector = ProjectorService.start(ProjectorConfig.of(namespace, kafka, storage, anyPort), List.of(),
             recorder.telemetry());
         CommandsService commands = CommandsService.start(new CommandsConfig(namespace, kafka, anyPort,
             Files.createTempDirectory("tablecast-streams-"), Duration.ofSeconds(20), "it-" + namespace.prefix()), recorder.telemetry())) {
      HttpTestClient http = new HttpTestClient(commands.uri());
      assertThat(http.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}").status()).isEqualTo(201);

      assertThat(http.postJson("/employees", """
          {"employeeId":"42","departmentId":"Sales","firstName":"Ann","lastName":"Lee","email":"ann@x.io","age":34}""").status())
          .isEqualTo(201);

      SpanData request = await().atMost(PROJECTION).until(() -> named(recorder, "POST /employees"), s -> s != null);
      List<SpanData> trace = await().atMost(PROJECTION).until(
          () -> recorder.spans().stream().filter(s -> s.getTraceId().equals(request.getTraceId())).toList(),
          spans -> spans.stream().anyMatch(s -> s.getName().equals("step index-maintenance")));
      Map<String, SpanData> byId = trace.stream().collect(Collectors.toMap(SpanData::getSpanId, Function.identity()));
      SpanData egt = only(trace, "apply hr.department");
      SpanData work = only(trace, "step index-maintenance");
      List<SpanData> decisions = trace.stream().filter(s -> s.getName().equals("decide HireEmployee")).toList();

      assertThat(decisions).isNotEmpty();
      assertThat(ancestors(decisions.get(0), byId)).contains(request.getSpanId());
      assertThat(ancestors(egt, byId)).as("the EGT descends from a decision of the request").contains(request.getSpanId())
          .containsAnyElementsOf(decisions.stream().map(SpanData::getSpanId).toList());
      assertThat(ancestors(work, byId)).as("the index writes descend from the same decision").contains(request.getSpanId())
          .contains(egt.getParentSpanId());
      SpanData firstDecision = decisions.stream().min(Comparator.comparing(SpanData::getStartEpochNanos)).orElseThrow();
      assertThat(List.of(request, firstDecision, egt, work)).extracting(SpanData::getStartEpochNanos).isSorted();
      assertThat(egt.getEndEpochNanos()).as("the index writes start after the EGT has ended")
          .isLessThanOrEqualTo(work.getStartEpochNanos());
      assertThat(trace).extracting(SpanData::getName).contains("queue work");
      assertThat(decisions.stream().map(SpanData::getTraceId).collect(Collectors.toSet())).isEqualTo(Set.of(request.getTraceId()));
      assertThat(request.getKind()).isEqualTo(SpanKind.SERVER);
      assertThat(request.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(201L);

      assertThat(http.postJson("/employees/00000042/transfer", "{\"toDepartmentId\":").status()).isEqualTo(400);
      SpanData refused = await().atMost(PROJECTION).until(() -> named(recorder, "POST /employees/{id}/transfer"), s -> s != null);
      assertThat(refused.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(400L);
    }
  }

  @Test
  void anEventOfATeamsViewSetThatCarriesATraceHasItsTurnsTheSendingOfItsWorkAndItsStepInThatTrace(EmbeddedRuntime runtime,
      Namespace namespace) throws Exception {
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 3);
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    String producerSpan = "00f067aa0ba902b7";
    try (SpanRecorder recorder = new SpanRecorder();
         ProjectorService projector = ProjectorService.start(ProjectorConfig.of(namespace, kafka, storage,
             new HttpSettings("127.0.0.1", 0)), List.of(), recorder.telemetry())) {
      Properties config = new Properties();
      config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, runtime.bootstrapServers());
      try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
        OrderEvent placed = new OrderEvent("o1", "c1", 1L, Instant.parse("2026-11-30T10:00:00Z"), OrderEventType.PLACED, 500L, null);
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(namespace.topic(OrderViews.TOPIC), "c1", OrderViews.encode(placed));
        record.headers().add("traceparent", ("00-" + traceId + "-" + producerSpan + "-01").getBytes(StandardCharsets.US_ASCII));
        producer.send(record).get();
      }

      List<SpanData> trace = await().atMost(PROJECTION).until(
          () -> recorder.spans().stream().filter(s -> s.getTraceId().equals(traceId)).toList(),
          spans -> spans.stream().anyMatch(s -> s.getName().equals("step orders-by-status")));

      assertThat(trace).extracting(SpanData::getName).containsExactlyInAnyOrder(
          "apply orders.customer-orders", "apply orders.order-trail", "queue steps", "step orders-by-status");
      assertThat(trace).extracting(SpanData::getParentSpanId).as("each a child of the producer's span").containsOnly(producerSpan);
      SpanData send = only(trace, "queue steps");
      assertThat(trace.stream().filter(s -> s.getName().startsWith("apply ")).map(SpanData::getEndEpochNanos))
          .as("the work is sent once the turns have written their rows").allMatch(end -> end <= send.getStartEpochNanos());
    }
  }

  private static SpanData named(SpanRecorder recorder, String name) {
    return recorder.spans().stream().filter(s -> s.getName().equals(name)).findFirst().orElse(null);
  }

  private static SpanData only(List<SpanData> trace, String name) {
    List<SpanData> named = trace.stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(named).as(name).hasSize(1);
    return named.get(0);
  }

  /** The span ids from {@code span}'s parent up to the root, as far as they were exported. */
  private static List<String> ancestors(SpanData span, Map<String, SpanData> byId) {
    List<String> ids = new java.util.ArrayList<>();
    String parent = span.getParentSpanId();
    while (span.getParentSpanContext().isValid() && parent != null && ids.size() < 50) {
      ids.add(parent);
      SpanData next = byId.get(parent);
      if (next == null || !next.getParentSpanContext().isValid()) {
        break;
      }
      parent = next.getParentSpanId();
    }
    return ids;
  }
}
