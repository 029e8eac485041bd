package io.tablecast.operations.adapter.audit;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.SystemProperties;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EventMetadata;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.operations.Verification;
import io.tablecast.operations.adapter.in.kafka.KafkaEventLog;
import io.tablecast.operations.adapter.out.tables.TableRowWriter;
import io.tablecast.operations.application.audit.Difference;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyProgress;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.fixtures.ChurnHistory;
import io.tablecast.projector.fixtures.HrModel;
import io.tablecast.projector.fixtures.ModelCheck;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.projector.fixtures.TableContents;
import io.tablecast.projector.fixtures.ViewReference;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bulk load against the real broker and Azurite: a generation loaded from the log alone, with
 * no projector and no worker, holds exactly the entities that the live pipeline left at
 * quiescence, typed as it wrote them, and {@code verify} finds it clean. A small chunk size makes
 * every sorter spill and merge.
 */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
class GenerationLoadIT {

  private static final Duration SETTLE = Duration.ofMinutes(3);
  private static final String MANAGED = "ManagedDepartments";

  @TempDir
  Path spill;

  @Test
  void aGenerationLoadedFromTheLogEqualsTheLiveGenerationEntityByEntity(Projection projection) {
    List<DomainEvent> log = ChurnHistory.generate(11, 400);
    projection.start(projection.config().withWorkers(Projection.FAST_WORKERS), List.of());
    projection.write(log);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "the live generation");
    GenerationLoad.Report report = assertLoadEqualsLive(projection, log.size());
    assertThat(report.parked()).isZero();
  }

  /**
   * A log that spans the schema change that added the actor: the first half written by a version-1
   * command processor (no actor on the wire), the rest by today's, each event by a named or the
   * anonymous actor. The live projector and the bulk load decode both, the older events as
   * anonymous, and agree row by row.
   */
  @Test
  void aLogWrittenBeforeAndAfterTheActorWasAddedProjectsLoadsAndVerifiesWithEachEventsActor(Projection projection) {
    List<Actor> actors = List.of(new Actor("3f2504e0-4f89-11d3-9a0c-0305e82c3301"), new Actor("svc-payroll"), Actor.ANONYMOUS);
    List<DomainEvent> byActors = HrHistory.generate(17, 4, 400, HrHistory.Mix.TYPICAL, actors);
    List<DomainEvent> anonymous = HrHistory.generate(17, 4, 400, HrHistory.Mix.TYPICAL);
    projection.writer().writeWithSchemaVersion(1, byActors.subList(0, 200));
    projection.write(byActors.subList(200, 400));
    List<DomainEvent> asRead = new ArrayList<>(anonymous.subList(0, 200));
    asRead.addAll(byActors.subList(200, 400));

    projection.start(projection.config().withWorkers(Projection.FAST_WORKERS), List.of());
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);

    ModelCheck.assertViewsMatch(projection, HrModel.of(asRead), "the live generation");
    Map<String, Map<String, Map<String, Object>>> activity = TableContents.of(projection.table(ViewTable.EMPLOYEE_ACTIVITY));
    assertThat(activity).isEqualTo(ViewReference.of(asRead).activity());
    assertThat(activity.values().stream().flatMap(rows -> rows.values().stream()).map(row -> row.get("Actor")))
        .as("the named actors of the events written after the change, and none before it")
        .contains("3f2504e0-4f89-11d3-9a0c-0305e82c3301", "svc-payroll", null)
        .containsOnly("3f2504e0-4f89-11d3-9a0c-0305e82c3301", "svc-payroll", null);
    assertThat(employeeActors(byActors.subList(0, 200))).as("the older half had named actors to lose").isNotEmpty();
    GenerationLoad.Report report = assertLoadEqualsLive(projection, 400);
    assertThat(report.parked()).isZero();
  }

  private static List<Actor> employeeActors(List<DomainEvent> events) {
    return events.stream().filter(e -> e instanceof EmployeeEvent).map(e -> e.metadata().actor())
        .filter(actor -> !actor.isAnonymous()).toList();
  }

  @Test
  void recordsTheLiveProjectorDeadLettersAreLeftOutOfTheLoadAndReported(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(5, 3, 600, HrHistory.Mix.TYPICAL);
    projection.write(log.subList(0, 300));
    RecordMetadata garbage = projection.writer().writeRaw(projection.topics().eventTopic(EventTopicNames.EMPLOYEE_EVENTS), "00000001",
        "not an event".getBytes(StandardCharsets.UTF_8));
    projection.write(List.of(unwritableHire()));
    projection.write(log.subList(300, 600));
    projection.start(projection.config().withWorkers(Projection.FAST_WORKERS), List.of());
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);

    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "the live generation, without the records it parked");
    GenerationLoad.Report report = assertLoadEqualsLive(projection, log.size() + 1);
    assertThat(report.parked()).isEqualTo(2);
    assertThat(report.parkedShown()).containsExactly(
        garbage.topic() + "-" + garbage.partition() + "@" + garbage.offset() + ": cannot be decoded: " + undecodableReason(report),
        "employee 00099999 version 1: property LastName is 80000 bytes, over the limit of 64 KiB");
  }

  /** A hire whose last name is beyond the service's 64 KiB string limit: it can never be written. */
  private static EmployeeHired unwritableHire() {
    EmployeeId id = new EmployeeId(99_999);
    EventMetadata meta = new EventMetadata(UUID.randomUUID(), "c", id.canonical(), 1, Instant.parse("2026-02-01T00:00:00Z"));
    return new EmployeeHired(meta, id, new DepartmentId("D1"), "Too", "L".repeat(40_000), "too@long.io", 30);
  }

  private static String undecodableReason(GenerationLoad.Report report) {
    String first = report.parkedShown().get(0);
    return first.substring(first.indexOf("cannot be decoded: ") + "cannot be decoded: ".length());
  }

  /**
   * Loads generation 2 from the log, and checks it against the live generation 1, entity by entity
   * in every table, and with {@code verify}.
   */
  private GenerationLoad.Report assertLoadEqualsLive(Projection projection, long eventsRead) {
    Generation live = new Generation(HR, projection.namespace(), 1);
    Generation loaded = new Generation(HR, projection.namespace(), 2);
    new GenerationStorage(projection.azure()).create(loaded);
    List<String> progress = new ArrayList<>();
    GenerationLoad.Report report;
    try (TableRowWriter writer = new TableRowWriter(projection.azure(), loaded)) {
      report = GenerationLoad.load(HrProjections.AUDIT, new KafkaEventLog<>(projection.kafka(), loaded.namespace(), HrProjections.VIEWS), writer,
          new Verifier.Settings(spill, 97, 20), FailurePolicy.DEAD_LETTER, (step, count) -> progress.add(step + " " + count));
    }

    assertThat(report.eventsRead()).isEqualTo(eventsRead);
    long total = 0;
    for (ViewTable table : ViewTable.values()) {
      Map<String, Map<String, Object>> expected = rows(projection, live, table);
      Map<String, Map<String, Object>> actual = rows(projection, loaded, table);
      assertThat(expected).as("%s of the live generation", table).isNotEmpty();
      assertThat(actual.keySet()).as("%s: the entities of the live generation, loaded", table)
          .containsExactlyInAnyOrderElementsOf(expected.keySet());
      actual.forEach((key, properties) -> assertSameEntity(table, key, properties, expected.get(key)));
      total += actual.size();
    }
    assertThat(report.rowsStored()).isEqualTo(total);
    assertThat(progress).contains("events read " + eventsRead, "events folded " + eventsRead, "rows loaded " + total);
    assertThat(verify(projection, loaded)).isEmpty();
    SpillDirs.assertCleanedUp(spill);
    return report;
  }

  /**
   * Same properties with the same types; for the workers' internal state row, a loaded one may
   * follow fewer departments (only those the employee manages now, SPEC §3), never more.
   */
  private static void assertSameEntity(ViewTable table, String key, Map<String, Object> actual, Map<String, Object> expected) {
    if (!key.endsWith("/" + IndexLayout.WORKER_ROW)) {
      assertThat(actual).as("%s %s", table, key).isEqualTo(expected);
      return;
    }
    assertThat(without(actual, MANAGED)).as("worker row %s", key).isEqualTo(without(expected, MANAGED));
    assertThat(departments(actual)).as("departments followed by %s", key).isSubsetOf(departments(expected));
  }

  private static Map<String, Object> without(Map<String, Object> properties, String name) {
    Map<String, Object> rest = new TreeMap<>(properties);
    rest.remove(name);
    return rest;
  }

  private static List<String> departments(Map<String, Object> workerRow) {
    String list = (String) workerRow.getOrDefault(MANAGED, "[]");
    return Arrays.stream(list.replaceAll("[\\[\\]\"]", "").split(",")).filter(s -> !s.isEmpty()).toList();
  }

  /** Every entity of the table, by {@code PartitionKey/RowKey}, without the service's system properties. */
  private static Map<String, Map<String, Object>> rows(Projection projection, Generation generation, ViewTable table) {
    TableClient client = projection.azure().table(generation.table(table));
    return client.listEntities().stream().collect(Collectors.toMap(e -> e.getPartitionKey() + "/" + e.getRowKey(),
        e -> new TreeMap<>(e.getProperties().entrySet().stream().filter(p -> !SystemProperties.isSystem(p.getKey()))
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue))), (a, b) -> a, TreeMap::new));
  }

  private List<Difference> verify(Projection projection, Generation generation) {
    List<Difference> differences = new ArrayList<>();
    Verification.verifier(projection.kafka(), projection.azure(), generation, HrProjections.AUDIT, new Verifier.Settings(spill, 97, 20),
        VerifyProgress.NONE)
        .verify(differences::add);
    return differences;
  }
}
