package io.tablecast.operations.adapter.audit;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.SystemProperties;
import io.tablecast.events.DomainEvent;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.operations.Verification;
import io.tablecast.operations.application.audit.Difference;
import io.tablecast.operations.application.audit.Difference.Kind;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyProgress;
import io.tablecast.operations.application.audit.VerifyReport;
import io.tablecast.projector.fixtures.ChurnHistory;
import io.tablecast.projector.fixtures.HrModel;
import io.tablecast.projector.fixtures.ModelCheck;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify} against the real broker and Azurite: a churned history projected by the
 * projector and its workers verifies clean, and each deliberate corruption of one entity is
 * reported as exactly that entity. A small chunk size makes every sorter spill and merge.
 */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
class VerifyIT {

  private static final WorkerSettings FAST = Projection.FAST_WORKERS;
  private static final Duration SETTLE = Duration.ofMinutes(3);

  @TempDir
  Path spill;

  @Test
  void aQuiescentProjectionVerifiesCleanAndEachCorruptedEntityIsReportedAsExactlyThatEntity(Projection projection) {
    List<DomainEvent> log = ChurnHistory.generate(7, 400);
    projection.start(projection.config().withWorkers(FAST), List.of());
    projection.write(log);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "before verify");

    VerifyRun clean = verify(projection);
    assertThat(clean.differences()).isEmpty();
    assertThat(clean.report().eventsRead()).isEqualTo(log.size());
    assertThat(clean.report().expected()).containsKeys(ViewTable.values());
    assertThat(clean.report().found()).isEqualTo(clean.report().expected());
    assertThat(clean.report().checkpointsMoved()).isFalse();
    SpillDirs.assertCleanedUp(spill);

    // Different: one property of one employee row, rewritten without any condition.
    TableClient employees = projection.table(ViewTable.EMPLOYEES);
    TableEntity victim = someRow(employees, "empid_");
    employees.updateEntity(new TableEntity(victim.getPartitionKey(), victim.getRowKey()).addProperty("FirstName", "Mallory"),
        TableEntityUpdateMode.MERGE);
    assertThat(verify(projection).differences()).singleElement().satisfies(d -> {
      assertThat(d).extracting(Difference::table, Difference::partitionKey, Difference::rowKey, Difference::kind)
          .containsExactly(ViewTable.EMPLOYEES, victim.getPartitionKey(), victim.getRowKey(), Kind.DIFFERENT);
      assertThat(d.details()).containsExactly(
          "FirstName: expected \"" + victim.getProperty("FirstName") + "\", actual \"Mallory\"");
    });
    employees.upsertEntity(victim);
    assertThat(verify(projection).differences()).isEmpty();

    // Missing: one activity row deleted.
    TableClient activity = projection.table(ViewTable.EMPLOYEE_ACTIVITY);
    TableEntity deleted = someRow(activity, "");
    activity.deleteEntity(deleted.getPartitionKey(), deleted.getRowKey());
    assertThat(verify(projection).differences()).containsExactly(
        new Difference(ViewTable.EMPLOYEE_ACTIVITY, deleted.getPartitionKey(), deleted.getRowKey(), Kind.MISSING, List.of()));
    activity.upsertEntity(deleted);

    // Different, in the last-name index: one id dropped from a shard, compared as the department's set of ids.
    TableClient lastNames = projection.table(ViewTable.EMPLOYEES_BY_LAST_NAME);
    TableEntity shard = clean(lastNames.listEntities().stream()
        .filter(e -> ((String) e.getProperty("EmployeeIds")).contains(",")).findFirst().orElseThrow());
    List<String> ids = List.of(((String) shard.getProperty("EmployeeIds")).split(","));
    lastNames.upsertEntity(new TableEntity(shard.getPartitionKey(), shard.getRowKey())
        .addProperty("EmployeeIds", String.join(",", ids.subList(1, ids.size()))).addProperty("Count", ids.size() - 1));
    String department = shard.getRowKey().substring(0, shard.getRowKey().lastIndexOf('_'));
    assertThat(verify(projection).differences()).singleElement().satisfies(d -> {
      assertThat(d).extracting(Difference::table, Difference::partitionKey, Difference::rowKey, Difference::kind)
          .containsExactly(ViewTable.EMPLOYEES_BY_LAST_NAME, shard.getPartitionKey(), department + "_*", Kind.DIFFERENT);
      assertThat(d.details()).containsExactly("missing ids (1): " + ids.get(0));
    });
    lastNames.upsertEntity(shard);

    // Extra: an archived copy of nobody.
    TableClient archive = projection.table(ViewTable.ARCHIVED_EMPLOYEES);
    archive.upsertEntity(new TableEntity("Alpha", "empid_99999999").addProperty("EntityType", "ArchivedEmployee"));
    assertThat(verify(projection).differences()).containsExactly(
        new Difference(ViewTable.ARCHIVED_EMPLOYEES, "Alpha", "empid_99999999", Kind.EXTRA, List.of()));
  }

  private record VerifyRun(VerifyReport report, List<Difference> differences) {}

  private VerifyRun verify(Projection projection) {
    Generation generation = Verification.activeGeneration(projection.azure(), projection.namespace(), HR);
    assertThat(generation.number()).isEqualTo(1);
    Verifier<DomainEvent> verifier = Verification.verifier(projection.kafka(), projection.azure(), generation, HrProjections.AUDIT,
        new Verifier.Settings(spill, 97, 20), VerifyProgress.NONE);
    List<Difference> differences = new ArrayList<>();
    VerifyReport report = verifier.verify(differences::add);
    return new VerifyRun(report, differences);
  }

  private static TableEntity someRow(TableClient table, String rowKeyPrefix) {
    return clean(table.listEntities().stream().filter(e -> e.getRowKey().startsWith(rowKeyPrefix)).findFirst().orElseThrow());
  }

  /** The row without its system properties, so that it can be written back as it was. */
  private static TableEntity clean(TableEntity read) {
    TableEntity row = new TableEntity(read.getPartitionKey(), read.getRowKey());
    read.getProperties().forEach((name, value) -> {
      if (!SystemProperties.isSystem(name)) {
        row.addProperty(name, value);
      }
    });
    return row;
  }
}
