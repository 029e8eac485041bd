package io.tablecast.projector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.TelemetryLayout;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The status page's telemetry rows, in their own table: a projector that runs workers reports both
 * roles every window, with the events and items it completed and the freshness of views and
 * indexes, and leaves {@code ProjectorCheckpoints} to the checkpoints.
 */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
class TelemetryIT {

  @Test
  void aProjectorWithWorkersReportsEventsAppliedItemsDoneAndBothFreshnessesEveryWindow(Projection projection) {
    ProjectorService projector = projection.start(projection.config().withWorkers(Projection.FAST_WORKERS), List.of());
    projection.write(HrHistory.generate(7, 3, 40, HrHistory.Mix.TYPICAL));

    await("both telemetry rows report work").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
      Map<String, TableEntity> rows = rows(projection);
      assertThat(rows.keySet()).containsExactlyInAnyOrder(TelemetryLayout.PROJECTOR, TelemetryLayout.WORKER);
      assertThat(rows.values()).allSatisfy(row -> assertThat(row.getProperty(TelemetryLayout.WINDOW)).isEqualTo(TelemetryLayout.WINDOW_SECONDS));
      assertThat(total(projection, TelemetryLayout.PROJECTOR, TelemetryLayout.EVENTS_APPLIED)).isPositive();
      assertThat(millis(rows.get(TelemetryLayout.PROJECTOR), TelemetryLayout.VIEW_FRESHNESS_P99_MS)).isPositive();
    });
    await("the workers' index freshness").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
        assertThat(millis(rows(projection).get(TelemetryLayout.WORKER), TelemetryLayout.INDEX_FRESHNESS_P50_MS)).isPositive());
    assertThat(new HttpTestClient(projector.uri()).get("/metrics").raw().body())
        .contains("tablecast_worker_index_freshness_seconds_bucket{");

    // Once everything is done, a window reports nothing more and no percentile.
    await("an idle window").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
      TableEntity idle = rows(projection).get(TelemetryLayout.PROJECTOR);
      assertThat(idle.getProperty(TelemetryLayout.EVENTS_APPLIED)).isEqualTo(0L);
      assertThat(idle.getProperty(TelemetryLayout.VIEW_FRESHNESS_P50_MS)).isNull();
    });
    assertThat(projection.checkpoints().listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + TelemetryLayout.PARTITION
        + "'"), null, null).stream()).as("ProjectorCheckpoints keeps checkpoints only (SPEC §9)").isEmpty();
  }

  /** A percentile; a whole number of milliseconds reads back as an integer. */
  private static double millis(TableEntity row, String property) {
    return ((Number) row.getProperty(property)).doubleValue();
  }

  private static long total(Projection projection, String role, String property) {
    return ((Number) rows(projection).get(role).getProperty(property)).longValue();
  }

  private static Map<String, TableEntity> rows(Projection projection) {
    List<TableEntity> rows = projection.azure().table(new CatalogTables(projection.namespace()).telemetry())
        .listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + TelemetryLayout.PARTITION + "'"), null, null).stream().toList();
    return rows.stream().collect(Collectors.toMap(row -> (String) row.getProperty(TelemetryLayout.ROLE), row -> row));
  }
}
