package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.orders.OrderViews;
import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.StreamSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A team's own view set beside HR: the pipeline keeps it from its own topic, found on the class path, and {@code /status} reports it. */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class})
class OrdersViewSetIT {

  @Test
  void orderEventsFromAnyProducerBecomeTheOrdersViews_andStatusReportsTheViewSet(EmbeddedRuntime runtime, Pipeline pipeline) throws Exception {
    Instant at = Instant.parse("2026-11-30T10:00:00Z");
    String topic = pipeline.namespace().topic(OrderViews.TOPIC);
    Properties config = new Properties();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, runtime.bootstrapServers());
    try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
      for (OrderEvent event : List.of(new OrderEvent("o1", "c1", 1L, at, OrderEventType.PLACED, 500L, null),
          new OrderEvent("o2", "c1", 1L, at, OrderEventType.PLACED, 300L, null),
          new OrderEvent("o1", "c1", 2L, at.plusSeconds(60), OrderEventType.SHIPPED, 0L, null))) {
        producer.send(new ProducerRecord<>(topic, event.getCustomerId(), OrderViews.encode(event))).get();
      }
    }

    Generation orders = new Generation(OrderViews.VIEW_SET, pipeline.namespace(), 1);
    await("the customer's summary").atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(
        TableRows.fromTable(pipeline.azure().table(orders.table(OrderViews.Table.CUSTOMERS)).getEntity("c1", "summary")).row().properties())
        .isEqualTo(Map.of("Orders", 2L, "Open", 1L, "TotalCents", 800L)));
    await("the view set on /status").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
      JsonNode viewSet = StreamSupport.stream(pipeline.views().get("/status").json().get("viewSets").spliterator(), false)
          .filter(v -> v.get("name").asText().equals("orders")).findFirst().orElseThrow();
      assertThat(viewSet.get("generation").get("active").asInt()).isEqualTo(1);
      assertThat(viewSet.get("projector").get("partitions")).isNotEmpty()
          .allSatisfy(p -> assertThat(p.get("topic").asText()).isEqualTo(topic))
          .anySatisfy(p -> assertThat(p.get("state").asText()).isEqualTo("running"));
    });
  }
}
