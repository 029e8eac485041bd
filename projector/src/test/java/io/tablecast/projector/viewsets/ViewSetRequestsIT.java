package io.tablecast.projector.viewsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.models.TableEntity;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.orders.OrderViews;
import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a team's event costs the projector in storage requests (docs/requests.md, "A team's view
 * set"), counted by a probe in its clients' pipeline, with the steps' workers elsewhere: the
 * orders example, one event at a time.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class ViewSetRequestsIT {

  @Test
  void anOrderEventCostsOneWritePerPartitionItChanges_anEgtWhereItChangesSeveralRows_oneSendAndOneCheckpoint_andNoRead(
      EmbeddedRuntime runtime, Namespace namespace) throws Exception {
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 1);
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    AzureClients azure = new AzureClients(storage);
    Generation generation = new Generation(OrderViews.VIEW_SET, namespace, 1);
    String topic = namespace.topic(OrderViews.TOPIC);
    TopicProvisioner.ensureTopics(kafka, List.of(topic));
    azure.tableService().createTableIfNotExists(new CatalogTables(namespace).projectorCheckpoints());
    new GenerationStorage(azure).create(generation);
    StorageProbe probe = new StorageProbe();
    List<Map<String, Long>> costs = new ArrayList<>();

    Properties config = new Properties();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, runtime.bootstrapServers());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
        ViewSetProjector<OrderEvent> projector = ViewSetProjector.start(kafka, new AzureClients(storage, List.of(probe)), generation,
            OrderViews.PROJECTED,
            new ViewSetProjector.Settings(2, WorkerSettings.DEFAULT.withPerQueue(0), FailurePolicy.PAUSE, false, Tracing.OFF),
            new ViewSetMetrics(new SimpleMeterRegistry(), "orders"), Clock.systemUTC())) {
      for (OrderEvent event : List.of(event("o1", 1, OrderEventType.PLACED), event("o1", 2, OrderEventType.SHIPPED),
          event("o2", 1, OrderEventType.PLACED), event("o3", 1, OrderEventType.PLACED), event("o2", 2, OrderEventType.CANCELLED))) {
        long offset = producer.send(new ProducerRecord<>(topic, 0, null, OrderViews.encode(event))).get().offset();
        List<String> labels = new ArrayList<>();
        await("the checkpoint of offset " + offset + ", as stored and as answered").atMost(Duration.ofSeconds(30)).until(() -> {
          probe.drain().samples().forEach(sample -> labels.add(sample.label()));
          return applied(azure, generation, topic) == offset && labels.contains("ProjectorCheckpoints EGT");
        });
        costs.add(labels.stream().filter(ViewSetRequestsIT::applying).map(ViewSetRequestsIT::kind)
            .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting())));
      }
    }

    Map<String, Long> each = Map.of("Customers EGT", 1L, "OrderActivity upsert", 1L, "queue send", 1L, "ProjectorCheckpoints EGT", 1L);
    assertThat(costs).as("placed, shipped (its placed copy deleted in the EGT), placed, placed, cancelled").containsOnly(each);
  }

  private static OrderEvent event(String order, long version, OrderEventType type) {
    return new OrderEvent(order, "c1", version, Instant.parse("2026-11-30T09:00:00Z").plusSeconds(version), type, 100L,
        type == OrderEventType.CANCELLED ? "changed mind" : null);
  }

  private static long applied(AzureClients azure, Generation generation, String topic) {
    TableEntity row = CheckpointRows.read(azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints()), generation)
        .get(CheckpointLayout.rowKey(topic, 0));
    return row != null && row.getProperty(CheckpointLayout.APPLIED_OFFSET) instanceof Number applied ? applied.longValue() : -1;
  }

  /** Not the idle heartbeat, nor the checkpoints read once at the start. */
  private static boolean applying(String label) {
    return !label.contains("heartbeat") && (!label.startsWith("ProjectorCheckpoints") || label.endsWith("EGT"));
  }

  /** A label without the namespace and generation of its table. */
  private static String kind(String label) {
    for (String table : List.of("Customers", "OrderActivity", "OrdersByStatus")) {
      if (label.contains(table)) {
        return table + label.substring(label.lastIndexOf(' '));
      }
    }
    return label;
  }
}
