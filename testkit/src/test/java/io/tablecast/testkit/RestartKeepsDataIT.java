package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A runtime of its own (not the shared one): it is stopped and started again on the same data. */
class RestartKeepsDataIT {

  @TempDir Path dataDir;

  @Test
  void anOrdinaryStopIsCleanAndRecordsAndTableEntitiesSurviveARestartOnTheSameDataDirAndPorts() throws Exception {
    RuntimeOptions options = RuntimeOptions.freePorts(dataDir);
    String topic = "restart.events";
    String tableName = "RestartViews";

    EmbeddedRuntime runtime = EmbeddedRuntime.start(options);
    try {
      KafkaTestClients.createTopic(runtime.bootstrapServers(), topic, 1);
      try (KafkaProducer<String, String> producer =
          KafkaTestClients.producer(runtime.bootstrapServers(), Map.of())) {
        producer.send(new ProducerRecord<>(topic, "k", "before restart")).get(30, TimeUnit.SECONDS);
      }
      TableClient table = TableTestClients.createTable(
          TableTestClients.service(runtime.storageConnectionString()), tableName);
      TableTestClients.upsert(table, new TableEntity("p", "r").addProperty("State", "kept"));
    } finally {
      runtime.close();
    }
    assertThat(runtime.stoppedCleanly()).as("an ordinary stop: every step in time, Azurite saved its data").isTrue();

    try (EmbeddedRuntime restarted = EmbeddedRuntime.start(options)) {
      assertThat(KafkaTestClients.readFromStart(restarted.bootstrapServers(), topic, 1, "read_committed"))
          .singleElement()
          .satisfies(record -> {
            assertThat(record.offset()).isZero();
            assertThat(record.value()).isEqualTo("before restart");
          })
          .extracting(ConsumerRecord::key).isEqualTo("k");
      TableServiceClient service = TableTestClients.service(restarted.storageConnectionString());
      assertThat(TableTestClients.get(service.getTableClient(tableName), "p", "r").getProperty("State"))
          .isEqualTo("kept");
    }
  }
}
