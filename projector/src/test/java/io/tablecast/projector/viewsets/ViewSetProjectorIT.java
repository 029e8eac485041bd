package io.tablecast.projector.viewsets;

import static io.tablecast.testkit.Tally.VIEW_SET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.models.TableEntity;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.projector.DeadLetterReplay;
import io.tablecast.projector.adapter.out.kafka.ParkedRecords;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.Tally.Tick;
import io.tablecast.testkit.Tally;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.out.tables.GenerationRows;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A view set the engine knows only through the projection API, kept from its own topic against the real broker and Azurite. */
@ExtendWith(TablecastRuntimeExtension.class)
class ViewSetProjectorIT {

  private static final int PARTITIONS = 3;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ViewSetMetrics metrics = new ViewSetMetrics(registry, "tally");
  private KafkaSettings kafka;
  private AzureClients azure;
  private Generation generation;
  private KafkaProducer<byte[], byte[]> producer;
  private String topic;

  @BeforeEach
  void setUp(EmbeddedRuntime runtime, Namespace namespace) {
    kafka = new KafkaSettings(runtime.bootstrapServers(), PARTITIONS);
    azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    generation = new Generation(VIEW_SET, namespace, 1);
    topic = namespace.topic(Tally.TOPIC);
    TopicProvisioner.ensureTopics(kafka, List.of(topic));
    azure.tableService().createTableIfNotExists(new CatalogTables(namespace).projectorCheckpoints());
    new GenerationStorage(azure).create(generation);
    Properties config = new Properties();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, runtime.bootstrapServers());
    producer = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
  }

  @AfterEach
  void closeProducer() {
    producer.close();
  }

  @Test
  void ticksOnTheirTopicBecomeTheRowsTheTestKitFolds_andTheCheckpointsNameTheLastOffsets() {
    List<Tick> log = Tally.log(11, 300);
    Map<Integer, Long> last = send(log);

    try (ViewSetProjector<Tick> projector = start()) {
      awaitRows(log);
      await("the checkpoints").atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(applied()).isEqualTo(last));
      assertThat(checkpointRows().keySet()).allMatch(key -> CheckpointLayout.topicOf(key).equals(topic));
      assertThat(registry.get("tablecast.viewset.events.applied").tag("view_set", "tally").counter().count()).isEqualTo(log.size());
      assertThat(registry.get("tablecast.viewset.work.items").tag("view_set", "tally").counter().count()).isEqualTo(log.size());
      assertThat(registry.get("tablecast.viewset.step.items").tags("outcome", "done").counter().count()).isPositive();
      Timer freshness = registry.get("tablecast.viewset.freshness").tags("view_set", "tally", "projection", "tallies").timer();
      assertThat(freshness.count()).as("each event once, from its record's timestamp").isEqualTo(log.size());
      assertThat(freshness.max(TimeUnit.SECONDS)).isBetween(0.0, 60.0);
      await("no lag").atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(registry.get("tablecast.viewset.lag")
          .tags("view_set", "tally", "topic", topic).gauges()).hasSize(PARTITIONS).allSatisfy(lag -> assertThat(lag.value()).isZero()));
    }
  }

  @Test
  void aRestartedProjectorResumesAfterItsCheckpoints_andCountsNothingTwice() {
    List<Tick> log = Tally.log(12, 400);
    send(log.subList(0, 200));
    try (ViewSetProjector<Tick> first = start()) {
      awaitRows(log.subList(0, 200));
    }

    send(log.subList(200, 400));
    try (ViewSetProjector<Tick> second = start()) {
      awaitRows(log);
    }
  }

  @Test
  void aRecordThatDoesNotDecodePausesItsPartitionWithTheReason_andTheOtherPartitionsGoOn() throws Exception {
    long garbage = producer.send(new ProducerRecord<>(topic, 0, null, "not,a tick".getBytes(StandardCharsets.UTF_8))).get().offset();
    List<Tick> log = Tally.log(13, 120);
    send(log);
    List<Tick> elsewhere = log.stream().filter(tick -> partition(tick) != 0).toList();

    try (ViewSetProjector<Tick> projector = start()) {
      awaitRows(elsewhere);
      await("the pause").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
        assertThat(registry.get("tablecast.viewset.paused").tags("topic", topic, "partition", "0").gauge().value()).isOne();
        TableEntity row = checkpointRows().get(CheckpointLayout.rowKey(topic, 0));
        assertThat((String) row.getProperty(CheckpointLayout.PAUSED_REASON)).contains("record " + garbage + " does not decode")
            .contains("not a tick: 2 fields");
      });
      assertThat(checkpointRows().get(CheckpointLayout.rowKey(topic, 0)).getProperty(CheckpointLayout.APPLIED_OFFSET)).isNull();
    }
  }

  @Test
  void withDeadLetters_anUndecodableRecordAndAnEventAFoldFailsOnAreParkedWithTheirReasons_andAReplayAppliesTheMendedOne()
      throws Exception {
    String dlq = TopicNames.of(generation.namespace(), EventTopicNames.ALL).projectorDlq();
    TopicProvisioner.ensureTopics(kafka, List.of(dlq));
    azure.table(generation.table(Tally.TOTALS)).upsertEntity(new TableEntity("b9", "total").addProperty("Total", "not a number"));
    producer.send(new ProducerRecord<>(topic, 0, null, "not,a tick".getBytes(StandardCharsets.UTF_8))).get();
    producer.send(new ProducerRecord<>(topic, 0, null, new Tick("b9", "a9", 1, 5).encoded())).get();
    List<Tick> log = Tally.log(16, 90);
    Map<Integer, Long> last = send(log);

    try (ViewSetProjector<Tick> projector = start(FailurePolicy.DEAD_LETTER)) {
      Map<RowRef, Map<String, Object>> expected = new HashMap<>(ProjectionKit.of(Tally.PROJECTED.projections()).rebuilt(log));
      expected.put(Tally.total("b9"), Map.of("Total", "not a number"));
      await("the rows of the others").atMost(Duration.ofSeconds(60)).untilAsserted(() ->
          assertThat(GenerationRows.all(azure, generation)).isEqualTo(expected));
      await("the checkpoints past both").atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(applied()).isEqualTo(last));
      assertThat(checkpointRows().get(CheckpointLayout.rowKey(topic, 0)).getProperty(CheckpointLayout.PAUSED_REASON)).isEqualTo("");

      List<ConsumerRecord<byte[], byte[]>> parked = deadLetters(dlq, 2);
      assertThat(parked).extracting(record -> header(record, "dlq-view-set")).containsOnly("tally");
      assertThat(parked).extracting(record -> header(record, "dlq-reason")).satisfiesExactly(
          reason -> assertThat(reason).startsWith("record 0 does not decode").contains("not a tick: 2 fields"),
          reason -> assertThat(reason).startsWith("projection 'tallies' failed on record 1: java.lang.ClassCastException"));
      assertThat(new String(parked.get(1).value(), StandardCharsets.UTF_8)).isEqualTo("b9,a9,1,5");
      assertThat(registry.get("tablecast.viewset.dead.lettered").counter().count()).isEqualTo(2);

      azure.table(generation.table(Tally.TOTALS)).deleteEntity("b9", "total"); // the cause, mended
      try (DeadLetterReplay replay =
          new DeadLetterReplay(kafka, azure, generation.namespace(), HrProjections.PLANNED, List.of(Tally.PROJECTED),
              Clock.systemUTC())) {
        assertThat(replay.replay(ParkedRecords.read(kafka, dlq, HrProjections.PLANNED.views().viewSet().name()), result -> { })).satisfiesExactly(
            undecodable -> assertThat(undecodable.detail()).as("still fails, stays parked").contains("not a tick: 2 fields"),
            mended -> assertThat(mended.outcome()).isEqualTo(DeadLetterReplay.Outcome.REPLAYED));
      }
      List<Tick> whole = new ArrayList<>(List.of(new Tick("b9", "a9", 1, 5)));
      whole.addAll(log);
      await("the replayed tick's rows, its step's included").atMost(Duration.ofSeconds(60)).untilAsserted(() ->
          assertThat(GenerationRows.all(azure, generation)).isEqualTo(ProjectionKit.of(Tally.PROJECTED.projections()).rebuilt(whole)));
    }
  }

  private List<ConsumerRecord<byte[], byte[]>> deadLetters(String dlq, int count) {
    List<ConsumerRecord<byte[], byte[]>> parked = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
        kafka.bootstrapServers()), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(dlq).stream().map(p -> new TopicPartition(dlq, p.partition())).toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      await("the dead letters").atMost(Duration.ofSeconds(30)).until(() -> {
        consumer.poll(Duration.ofMillis(200)).forEach(parked::add);
        return parked.size() >= count;
      });
    }
    // The topic's partitions hold them in any order.
    parked.sort(Comparator.comparing(record -> Long.parseLong(header(record, "dlq-offset"))));
    return parked;
  }

  private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
    return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
  }

  @Test
  void aProjectorWhoseLoopStoppedOnAFailureItCannotPassIsNotAlive() {
    try (ViewSetProjector<Tick> projector = start()) {
      send(Tally.log(14, 10));
      await("the first batch").atMost(Duration.ofSeconds(30)).until(() -> !applied().isEmpty());
      assertThat(projector.alive()).isTrue();

      azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints()).deleteTable();
      send(Tally.log(15, 10));

      await("the loop to stop").atMost(Duration.ofSeconds(30)).until(() -> !projector.alive());
    }
  }

  private ViewSetProjector<Tick> start() {
    return start(FailurePolicy.PAUSE);
  }

  private ViewSetProjector<Tick> start(FailurePolicy onFailure) {
    return ViewSetProjector.start(kafka, azure, generation, Tally.PROJECTED,
        new ViewSetProjector.Settings(4, WorkerSettings.DEFAULT, onFailure, false, Tracing.OFF), metrics, Clock.systemUTC());
  }

  /** Each account's ticks on one partition, in order; the last offset of each partition. */
  private Map<Integer, Long> send(List<Tick> ticks) {
    Map<Integer, Long> last = new HashMap<>();
    try {
      for (Tick tick : ticks) {
        last.put(partition(tick), producer.send(new ProducerRecord<>(topic, partition(tick), null, tick.encoded())).get().offset());
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return last;
  }

  private static int partition(Tick tick) {
    return Integer.parseInt(tick.account().substring(1)) % PARTITIONS;
  }

  private void awaitRows(List<Tick> log) {
    Map<RowRef, Map<String, Object>> expected = ProjectionKit.of(Tally.PROJECTED.projections()).rebuilt(log);
    await("the rows of " + log.size() + " ticks").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
        .untilAsserted(() -> assertThat(GenerationRows.all(azure, generation)).isEqualTo(expected));
  }

  private Map<String, TableEntity> checkpointRows() {
    return CheckpointRows.read(azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints()), generation);
  }

  private Map<Integer, Long> applied() {
    Map<Integer, Long> applied = new HashMap<>();
    checkpointRows().forEach((key, row) -> {
      if (row.getProperty(CheckpointLayout.APPLIED_OFFSET) instanceof Number offset) {
        applied.put(CheckpointLayout.partitionOf(key), offset.longValue());
      }
    });
    return applied;
  }
}
