package io.tablecast.projector.adapter.in.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EventMetadata;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projector.ProjectorService;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.projector.fixtures.TableContents;
import io.tablecast.projector.fixtures.ViewReference;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.LogCapture;
import io.tablecast.testkit.StorageFaults;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the projector does with events it cannot decode or apply, and when storage is down:
 * nothing is lost, a bad record holds nothing up (or, by policy, holds up only its partition),
 * and a frozen projector reports itself.
 */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
class ProjectionFailuresIT {

  private static final Duration CATCH_UP = Duration.ofMinutes(3);
  private static final byte[] GARBAGE = "not an event".getBytes(StandardCharsets.UTF_8);

  /** A hire whose last name is beyond the service's 64 KiB string limit: it can never be written. */
  private static EmployeeHired unwritableHire() {
    EmployeeId id = new EmployeeId(99_999);
    EventMetadata meta = new EventMetadata(UUID.randomUUID(), "c", id.canonical(), 1, Instant.parse("2026-02-01T00:00:00Z"));
    return new EmployeeHired(meta, id, new DepartmentId("D1"), "Too", "L".repeat(40_000), "too@long.io", 30);
  }

  @Test
  void undecodableAndUnappliableEventsAreDeadLetteredAndEveryOtherEventApplied(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(5, 3, 600, HrHistory.Mix.TYPICAL);
    projection.write(log.subList(0, 300));
    RecordMetadata corrupt = projection.writer().writeRaw(employeeEvents(projection), "00000001", GARBAGE);
    projection.write(List.of(unwritableHire()));
    projection.write(log.subList(300, 600));

    ProjectorService projector = projection.start();
    projection.awaitCaughtUp(CATCH_UP);

    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEES))).isEqualTo(ViewReference.of(log).employees());
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEE_INDEX))).isEqualTo(ViewReference.of(log).locators());
    List<ConsumerRecord<byte[], byte[]>> parked = readAll(projection, projection.topics().projectorDlq());
    assertThat(parked).hasSize(2);
    ConsumerRecord<byte[], byte[]> garbage = parked.stream().filter(r -> new String(r.value(), StandardCharsets.UTF_8).equals("not an event"))
        .findFirst().orElseThrow();
    assertThat(header(garbage, DeadLetters.TOPIC)).isEqualTo(corrupt.topic());
    assertThat(header(garbage, DeadLetters.PARTITION)).isEqualTo(Integer.toString(corrupt.partition()));
    assertThat(header(garbage, DeadLetters.OFFSET)).isEqualTo(Long.toString(corrupt.offset()));
    assertThat(header(garbage, DeadLetters.REASON)).startsWith("BAD_HEADER");
    assertThat(parked).anySatisfy(r -> {
      assertThat(new String(r.key(), StandardCharsets.UTF_8)).isEqualTo("00099999");
      assertThat(header(r, DeadLetters.TOPIC)).isEqualTo(employeeEvents(projection));
      assertThat(header(r, DeadLetters.REASON)).contains("PropertyValueTooLarge");
    });
    assertThat(new HttpTestClient(projector.uri()).get("/metrics").raw().body()).contains("tablecast_projector_dlq_total 2.0");
  }

  @Test
  void underThePausePolicyABadRecordStopsOnlyItsPartitionAndSaysSo(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(6, 3, 400, HrHistory.Mix.TYPICAL);
    projection.write(log.subList(0, 200));
    RecordMetadata corrupt = projection.writer().writeRaw(employeeEvents(projection), "00000001", GARBAGE);
    projection.write(log.subList(200, 400));
    String pausedRow = CheckpointLayout.rowKey(corrupt.topic(), corrupt.partition());

    ProjectorService projector = projection.start(projection.config().withOnFailure(FailurePolicy.PAUSE), List.of());

    Map<String, Long> end = projection.endOffsets();
    await().atMost(CATCH_UP).until(() -> {
      Map<String, Long> applied = projection.appliedOffsets();
      return end.entrySet().stream().filter(e -> !e.getKey().equals(pausedRow))
          .allMatch(e -> applied.getOrDefault(e.getKey(), -1L) == e.getValue() - 1)
          && applied.getOrDefault(pausedRow, -2L) == corrupt.offset() - 1;
    });
    HttpTestClient.Response health = await().atMost(Duration.ofSeconds(15))
        .until(() -> new HttpTestClient(projector.uri()).get("/health"), r -> r.status() == 503);
    assertThat(health.json().get("pausedPartitions").get(corrupt.topic() + "-" + corrupt.partition()).asText()).contains("BAD_HEADER");
    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(
        projection.checkpoints().getEntity("G1", pausedRow).getProperty(CheckpointLayout.PAUSED_REASON).toString()).contains("BAD_HEADER"));
    assertThat(readAll(projection, projection.topics().projectorDlq())).isEmpty();
    assertThat(projection.appliedOffsets().get(pausedRow)).as("still stopped at the bad record").isEqualTo(corrupt.offset() - 1);
  }

  @Test
  void aStorageOutageStallsTheProjectorVisiblyAndItRecoversWithNothingLost_loggedOnceAsItStartsAndOnceAsItEnds(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(7, 3, 600, HrHistory.Mix.TYPICAL);
    StorageFaults faults = new StorageFaults(7);
    ProjectorService projector = projection.start(projection.config().withStallTimeout(Duration.ofSeconds(2)), List.of(faults));
    HttpTestClient ops = new HttpTestClient(projector.uri());
    projection.write(log.subList(0, 200));
    projection.awaitCaughtUp(CATCH_UP);
    HttpTestClient.Response before = ops.get("/health");
    assertThat(before.status()).as(before.raw().body()).isEqualTo(200);
    LogCapture logged = LogCapture.of("io.tablecast");

    faults.outage(true);
    projection.write(log.subList(200, 600));

    HttpTestClient.Response stalled = await().atMost(Duration.ofSeconds(60)).until(() -> ops.get("/health"), r -> r.status() == 503);
    assertThat(stalled.json().get("stalled").asBoolean()).isTrue();
    faults.outage(false);
    projection.awaitCaughtUp(CATCH_UP);
    await().atMost(Duration.ofSeconds(15)).until(() -> ops.get("/health").status() == 200);
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEES))).isEqualTo(ViewReference.of(log).employees());
    assertThat(TableContents.of(projection.table(ViewTable.EMPLOYEE_ACTIVITY))).isEqualTo(ViewReference.of(log).activity());
    assertThat(faults.injected()).isPositive();
    assertThat(ops.get("/metrics").raw().body()).containsPattern("tablecast_storage_retries_total [1-9]");
    logged.close();
    assertThat(logged.atLeast(Level.WARN)).extracting(ILoggingEvent::getFormattedMessage)
        .as("one warning for the whole outage, and no stack trace").singleElement().asString().startsWith("Azure Storage does not answer (");
    assertThat(logged.atLeast(Level.WARN).get(0).getThrowableProxy()).isNull();
    assertThat(logged.messages(Level.INFO)).filteredOn(line -> line.startsWith("Azure Storage answers again, after "))
        .singleElement().asString().matches("Azure Storage answers again, after [1-9][0-9]* failed attempt\\(s\\) over \\d+ s");
  }

  private static String employeeEvents(Projection projection) {
    return projection.topics().eventTopic(EventTopicNames.EMPLOYEE_EVENTS);
  }

  private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
    return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
  }

  private static List<ConsumerRecord<byte[], byte[]>> readAll(Projection projection, String topic) {
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
        Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, projection.kafka().bootstrapServers()),
        new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
      return records;
    }
  }
}
