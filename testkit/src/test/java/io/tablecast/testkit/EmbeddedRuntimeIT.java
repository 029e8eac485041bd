package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.Namespace;
import io.tablecast.embedded.EmbeddedRuntime;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TablecastRuntimeExtension.class)
class EmbeddedRuntimeIT {

  private static final List<Namespace> NAMESPACES = new java.util.concurrent.CopyOnWriteArrayList<>();

  private final EmbeddedRuntime runtime;
  private Namespace beforeEachNamespace;

  EmbeddedRuntimeIT(EmbeddedRuntime runtime) {
    this.runtime = runtime;
  }

  @BeforeEach
  void rememberNamespace(Namespace ns) {
    beforeEachNamespace = ns;
    NAMESPACES.add(ns);
  }

  @org.junit.jupiter.api.AfterAll
  static void everyTestHadItsOwnNamespace() {
    assertThat(NAMESPACES).hasSizeGreaterThan(1).doesNotHaveDuplicates();
  }

  @Test
  void aProducedRecordIsConsumed(Namespace ns) throws Exception {
    String topic = ns.topic("smoke");
    KafkaTestClients.createTopic(runtime.bootstrapServers(), topic, 3);

    try (KafkaProducer<String, String> producer =
        KafkaTestClients.producer(runtime.bootstrapServers(), Map.of())) {
      producer.send(new ProducerRecord<>(topic, "k1", "hello")).get(30, TimeUnit.SECONDS);
    }

    List<ConsumerRecord<String, String>> records =
        KafkaTestClients.readFromStart(runtime.bootstrapServers(), topic, 1, "read_uncommitted");
    assertThat(records).extracting(ConsumerRecord::key, ConsumerRecord::value)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("k1", "hello"));
  }

  @Test
  void aTransactionalProducerCommitsAndOnlyCommittedRecordsAreRead(Namespace ns) throws Exception {
    String topic = ns.topic("tx");
    KafkaTestClients.createTopic(runtime.bootstrapServers(), topic, 1);

    try (KafkaProducer<String, String> producer = KafkaTestClients.producer(
        runtime.bootstrapServers(), Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, ns.topic("tx-1")))) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, "k", "aborted"));
      producer.abortTransaction();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, "k", "committed"));
      producer.commitTransaction();
    }

    List<ConsumerRecord<String, String>> records =
        KafkaTestClients.readFromStart(runtime.bootstrapServers(), topic, 1, "read_committed");
    assertThat(records).extracting(ConsumerRecord::value).containsExactly("committed");
  }

  @Test
  void producingToATopicNobodyCreatedFailsInsteadOfCreatingIt(Namespace ns) {
    try (KafkaProducer<String, String> producer = KafkaTestClients.producer(
        runtime.bootstrapServers(), Map.of(ProducerConfig.MAX_BLOCK_MS_CONFIG, 2_000))) {
      assertThatThrownBy(() ->
          producer.send(new ProducerRecord<>(ns.topic("never-created"), "k", "v")).get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(org.apache.kafka.common.errors.TimeoutException.class);
    }
  }

  @Test
  void azuriteAnswersHttpOnItsTableAndQueueEndpoints() throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    for (String endpoint : List.of(runtime.azurite().tableEndpoint(), runtime.azurite().queueEndpoint())) {
      HttpResponse<String> response = http.send(
          HttpRequest.newBuilder(URI.create(endpoint)).timeout(Duration.ofSeconds(10)).build(),
          HttpResponse.BodyHandlers.ofString());
      // Unauthenticated, so refused; what matters is that Azurite answers.
      assertThat(response.statusCode()).as(endpoint).isBetween(200, 499);
    }
    assertThat(runtime.storageConnectionString())
        .contains("TableEndpoint=" + runtime.azurite().tableEndpoint() + ";")
        .contains("QueueEndpoint=" + runtime.azurite().queueEndpoint() + ";");
  }

  @Test
  void aTableEntityRoundTripsThroughAzurite(Namespace ns) {
    TableClient table = TableTestClients.createTable(
        TableTestClients.service(runtime.storageConnectionString()), ns.table("Smoke"));
    try {
      TableTestClients.upsert(table, new TableEntity("p1", "r1").addProperty("Name", "Ada"));

      TableEntity read = TableTestClients.get(table, "p1", "r1");

      assertThat(read.getProperty("Name")).isEqualTo("Ada");
    } finally {
      TableTestClients.delete(table);
    }
  }

  @Test
  void beforeEachAndTheTestShareOneNamespaceThatIsNotTheDefault(Namespace ns) {
    assertThat(ns).isSameAs(beforeEachNamespace).isNotEqualTo(Namespace.NONE);
  }

  @Test
  void everyTestGetsTheSameRuntime(EmbeddedRuntime parameter) {
    assertThat(parameter).isSameAs(runtime);
  }
}
