package io.tablecast.views;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.queue.QueueClient;
import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.common.tables.TelemetryLayout;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.projection.ViewSet;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.Tally;
import io.tablecast.views.adapter.out.tables.ActiveTables;
import io.tablecast.views.adapter.out.tables.TableTelemetry;
import io.tablecast.views.application.Sampler;
import io.tablecast.views.domain.dashboard.TelemetrySummary;
import io.tablecast.viewstore.adapter.queue.ParkedMessages;
import io.tablecast.viewstore.adapter.queue.ParkedMessages.Parked;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The status page's server side against real Azurite and Kafka: the page and its assets, the
 * telemetry reader over rows upserted as the projector and the workers write them, and the
 * dashboard's parked messages and paused partitions, read with the views' read-only SAS.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class StatusPageIT {

  private AzureClients azure;
  private TableClient checkpoints;
  private TableClient telemetry;
  private ViewsService views;
  private HttpTestClient http;

  @BeforeEach
  void start(EmbeddedRuntime runtime, Namespace namespace) {
    azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    new ViewCatalog(azure.tableService(), namespace, HR).initialize();
    checkpoints = azure.table(new CatalogTables(namespace).projectorCheckpoints());
    checkpoints.createTable();
    telemetry = azure.table(new CatalogTables(namespace).telemetry());
    telemetry.createTable();
    views = ViewsService.start(ViewsConfig.of(namespace, ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofHours(1)),
        new KafkaSettings(runtime.bootstrapServers(), 1), new HttpSettings("127.0.0.1", 0)));
    http = new HttpTestClient(views.uri());
  }

  @AfterEach
  void stop() {
    views.close();
    checkpoints.deleteTable();
    telemetry.deleteTable();
  }

  @Test
  void thePageAndItsAssetsAreServedWithTheirTypesAndUnknownAssetsAreProblems() {
    Response page = http.get("/");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.contentType()).startsWith("text/html");
    assertThat(page.raw().body()).contains("<title>Tablecast status</title>", "/assets/status.js", "role=\"alert\"");
    assertThat(page.header("Content-Security-Policy")).contains("default-src 'none'", "script-src 'self'");

    assertThat(http.get("/assets/status.js").contentType()).startsWith("text/javascript");
    assertThat(http.get("/assets/status.css").contentType()).startsWith("text/css");
    Response missing = http.get("/assets/..%2Fopenapi%2Fviews.json");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.contentType()).startsWith("application/problem+json");
  }

  @Test
  void theTelemetryReaderSumsTheFreshRowsKeepsTheWorstPercentilesAndIgnoresStaleOnes(Namespace namespace) {
    Instant now = Instant.now();
    upsertTelemetry(TelemetryLayout.PROJECTOR, "projector-a", now, 50, 20.0, 200.0);
    upsertTelemetry(TelemetryLayout.PROJECTOR, "projector-b", now.minusSeconds(4), 25, 35.0, 90.0);
    upsertTelemetry(TelemetryLayout.PROJECTOR, "stopped", now.minusSeconds(60), 9_999, 9_000.0, 9_999.0);
    upsertTelemetry(TelemetryLayout.WORKER, "worker-1", now, 10, 400.0, 1_500.0);

    try (ActiveTables tables = new ActiveTables(azure, namespace, HR)) {
      TelemetrySummary summary = TelemetrySummary.of(new TableTelemetry(tables).reports(), now, Sampler.TELEMETRY_STALE_AFTER_WINDOWS);

      assertThat(summary.processes()).isEqualTo(3);
      assertThat(summary.eventsAppliedPerSecond()).hasValue(15.0);
      assertThat(summary.viewFreshnessP50Ms()).hasValue(35.0);
      assertThat(summary.viewFreshnessP99Ms()).hasValue(200.0);
      assertThat(summary.itemsDonePerSecond()).hasValue(2.0);
      assertThat(summary.indexFreshnessP99Ms()).hasValue(1_500.0);
    }
  }

  @Test
  void theSamplerPutsFreshTelemetryOnTheChartsAndNoDataBeforeIt() {
    await("the first sample").atMost(Duration.ofSeconds(10)).until(() -> dashboard().get("samples").size() > 0);
    JsonNode first = dashboard().get("samples").get(0);
    assertThat(first.get("eventsAppliedPerSecond").isNull()).as("no telemetry row yet: no data, not zero").isTrue();

    upsertTelemetry(TelemetryLayout.PROJECTOR, "projector-a", Instant.now(), 40, 12.0, 80.0);

    await("a sample with the row").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(500)).until(() -> {
      JsonNode samples = dashboard().get("samples");
      JsonNode last = samples.get(samples.size() - 1);
      return last.get("eventsAppliedPerSecond").asDouble() == 8.0 && last.get("viewFreshnessP99Ms").asDouble() == 80.0;
    });
  }

  @Test
  void aParkedMessageShowsItsReasonAndTheCommandThatRequeuesIt(Namespace namespace) {
    Generation generation = new Generation(HR, namespace, 1);
    QueueClient poison = azure.queue(generation.poisonQueue(WorkQueue.INDEX_MAINTENANCE));
    poison.createIfNotExists();
    String id = poison.sendMessage(ParkedMessages.write(new Parked(generation.queue(WorkQueue.INDEX_MAINTENANCE),
        "employee 00000007 has no locator", Instant.now(), 6, "{\"format\":1,\"generation\":1,\"items\":[]}"))).getMessageId();

    JsonNode queue = queue(dashboard(), generation.queue(WorkQueue.INDEX_MAINTENANCE));

    assertThat(queue.get("poisonDepth").asLong()).isEqualTo(1);
    assertThat(queue.get("oldestParked").get("reason").asText()).isEqualTo("employee 00000007 has no locator");
    assertThat(queue.get("oldestParked").get("requeueCommand").asText())
        .isEqualTo("tablecast poison requeue --queue index-maintenance --id " + id);
    assertThat(queue(dashboard(), generation.queue(WorkQueue.ARCHIVE)).get("oldestParked").isNull()).isTrue();
  }

  @Test
  void aPausedPartitionShowsItsReasonAndTheRecordsAppliedCount(Namespace namespace) {
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    TableEntity row = new TableEntity("G1", CheckpointLayout.rowKey(namespace.topic("tablecast.employee-events"), 0))
        .addProperty(CheckpointLayout.APPLIED_OFFSET, 41L).addProperty(CheckpointLayout.LAG, 3L)
        .addProperty(CheckpointLayout.LAST_PROGRESS_AT, now).addProperty(CheckpointLayout.HEARTBEAT_AT, now)
        .addProperty(CheckpointLayout.PAUSED_REASON, "400 InvalidInput from storage; fix and resume");
    checkpoints.upsertEntity(row);

    JsonNode dashboard = dashboard();

    JsonNode partition = dashboard.get("partitions").get(0);
    assertThat(partition.get("condition").asText()).isEqualTo("paused");
    assertThat(partition.get("reason").asText()).isEqualTo("400 InvalidInput from storage; fix and resume");
    assertThat(partition.get("lag").asLong()).isEqualTo(3);
    assertThat(dashboard.get("eventsApplied").asLong()).isEqualTo(42);
    assertThat(dashboard.get("rebuild").isNull()).isTrue();
  }

  @Test
  void aPartitionWaitingItsTurnWhileTheProjectorProgressesIsBehindAndNeverStalled(Namespace namespace) {
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    checkpoints.upsertEntity(checkpoint(namespace.topic("tablecast.department-events"), 4L, now.minusSeconds(161), now, now.minusSeconds(1),
        0.0));
    checkpoints.upsertEntity(checkpoint(namespace.topic("tablecast.employee-events"), 1_300L, now, now, now, 37.0));

    JsonNode status = http.get("/status").json();

    assertThat(status.at("/projector/stalled").asBoolean()).isFalse();
    assertThat(states(status)).containsEntry("department-events", "behind").containsEntry("employee-events", "behind");
    JsonNode hires = partitionOf(status, "employee-events");
    assertThat(hires.get("ratePerSecond").asDouble()).isEqualTo(37.0);
    assertThat(hires.get("etaSeconds").asLong()).isEqualTo(36);
    assertThat(partitionOf(status, "department-events").has("etaSeconds")).isFalse();
    assertThat(http.get("/health").status()).isEqualTo(200);
    JsonNode waiting = dashboard().get("partitions").findParents("topic").stream()
        .filter(p -> p.get("topic").asText().endsWith("department-events")).findFirst().orElseThrow();
    assertThat(waiting.get("condition").asText()).isEqualTo("behind");
    assertThat(waiting.get("reason").asText()).containsPattern("waiting 16[1-5] s for its turn");
  }

  @Test
  void aPartitionWithLagAndNoProgressOfItsProjectorIsStalled(Namespace namespace) {
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    checkpoints.upsertEntity(checkpoint(namespace.topic("tablecast.department-events"), 4L, now.minusSeconds(161), now,
        now.minusSeconds(45), 0.0));

    JsonNode status = http.get("/status").json();

    assertThat(status.at("/projector/stalled").asBoolean()).isTrue();
    assertThat(states(status)).containsEntry("department-events", "stalled");
    assertThat(http.get("/health").status()).isEqualTo(503);
  }

  @Test
  void anotherViewSetWhoseProjectorIsStalledTakesHealthDownToo(Namespace namespace) {
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    new ViewCatalog(azure.tableService(), namespace, Tally.VIEW_SET).initialize();
    checkpoints.upsertEntity(checkpoint(namespace.topic("tablecast.employee-events"), 0L, now, now, now, 0.0));
    assertThat(http.get("/health").json().get("stalledViewSets")).isEmpty();

    checkpoints.upsertEntity(checkpoint(ViewSet.checkpointPartition(Tally.VIEW_SET.name(), 1), namespace.topic(Tally.TOPIC), 4L,
        now.minusSeconds(161), now, now.minusSeconds(45), 0.0));

    Response health = http.get("/health");
    assertThat(health.status()).isEqualTo(503);
    assertThat(health.json().get("stalled").asBoolean()).as("HR's projector").isFalse();
    assertThat(health.json().get("stalledViewSets")).extracting(JsonNode::asText).containsExactly("tally");
  }

  private static TableEntity checkpoint(String topic, long lag, OffsetDateTime progressAt, OffsetDateTime heartbeatAt,
      OffsetDateTime projectorProgressAt, double rate) {
    return checkpoint("G1", topic, lag, progressAt, heartbeatAt, projectorProgressAt, rate);
  }

  private static TableEntity checkpoint(String partitionKey, String topic, long lag, OffsetDateTime progressAt, OffsetDateTime heartbeatAt,
      OffsetDateTime projectorProgressAt, double rate) {
    return new TableEntity(partitionKey, CheckpointLayout.rowKey(topic, 0))
        .addProperty(CheckpointLayout.APPLIED_OFFSET, 21L).addProperty(CheckpointLayout.LAG, lag)
        .addProperty(CheckpointLayout.LAST_PROGRESS_AT, progressAt).addProperty(CheckpointLayout.HEARTBEAT_AT, heartbeatAt)
        .addProperty(CheckpointLayout.PROJECTOR_PROGRESS_AT, projectorProgressAt).addProperty(CheckpointLayout.RATE, rate);
  }

  /** Each partition's state by the topic's name without the namespace. */
  private static Map<String, String> states(JsonNode status) {
    Map<String, String> states = new HashMap<>();
    status.at("/projector/partitions").forEach(p ->
        states.put(p.get("topic").asText().replaceAll(".*tablecast\\.", ""), p.get("state").asText()));
    return states;
  }

  private static JsonNode partitionOf(JsonNode status, String topic) {
    for (JsonNode p : status.at("/projector/partitions")) {
      if (p.get("topic").asText().endsWith(topic)) {
        return p;
      }
    }
    throw new AssertionError("no partition of " + topic + " in " + status);
  }

  @Test
  void aPendingGenerationShowsItsRebuildProgressPerPartition(Namespace namespace) {
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, HR);
    assertThat(catalog.propose(catalog.readVersioned(), 2)).isTrue();
    String topic = namespace.topic("tablecast.employee-events");
    // Partition 0 is bulk-loading up to 300; partition 1 has loaded and follows the log, 20 behind.
    checkpoints.upsertEntity(new TableEntity("G2", CheckpointLayout.rowKey(topic, 0)).addProperty(CheckpointLayout.LOAD_END, 300L));
    checkpoints.upsertEntity(new TableEntity("G2", CheckpointLayout.rowKey(topic, 1)).addProperty(CheckpointLayout.LOAD_END, 500L)
        .addProperty(CheckpointLayout.APPLIED_OFFSET, 679L).addProperty(CheckpointLayout.LAG, 20L));

    await("the views see the pending generation").atMost(Duration.ofSeconds(15)).until(() -> !dashboard().get("rebuild").isNull());
    JsonNode rebuild = dashboard().get("rebuild");

    assertThat(dashboard().get("generation").get("pending").asInt()).isEqualTo(2);
    assertThat(rebuild.get("generation").asInt()).isEqualTo(2);
    assertThat(rebuild.get("applied").asLong()).isEqualTo(680);
    assertThat(rebuild.get("end").asLong()).isEqualTo(1_000);
    assertThat(rebuild.get("percent").asInt()).isEqualTo(68);
    assertThat(rebuild.get("partitions").get(0).get("end").asLong()).isEqualTo(300);
  }

  private JsonNode dashboard() {
    Response response = http.get("/status/dashboard");
    assertThat(response.status()).as(response.raw().body()).isEqualTo(200);
    return response.json();
  }

  private static JsonNode queue(JsonNode dashboard, String name) {
    List<JsonNode> queues = new ArrayList<>();
    dashboard.get("queues").forEach(queues::add);
    return queues.stream().filter(q -> q.get("name").asText().equals(name)).findFirst().orElseThrow();
  }

  private void upsertTelemetry(String role, String instance, Instant reportedAt, long count, double p50, double p99) {
    boolean projector = role.equals(TelemetryLayout.PROJECTOR);
    telemetry.upsertEntity(new TableEntity(TelemetryLayout.PARTITION, TelemetryLayout.rowKey(role, instance))
        .addProperty(TelemetryLayout.ROLE, role).addProperty(TelemetryLayout.INSTANCE_ID, instance)
        .addProperty(TelemetryLayout.REPORTED_AT, reportedAt.atOffset(ZoneOffset.UTC))
        .addProperty(TelemetryLayout.WINDOW, TelemetryLayout.WINDOW_SECONDS)
        .addProperty(projector ? TelemetryLayout.EVENTS_APPLIED : TelemetryLayout.ITEMS_DONE, count)
        .addProperty(projector ? TelemetryLayout.VIEW_FRESHNESS_P50_MS : TelemetryLayout.INDEX_FRESHNESS_P50_MS, p50)
        .addProperty(projector ? TelemetryLayout.VIEW_FRESHNESS_P99_MS : TelemetryLayout.INDEX_FRESHNESS_P99_MS, p99));
  }
}
