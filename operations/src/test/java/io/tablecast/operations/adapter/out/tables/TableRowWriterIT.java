package io.tablecast.operations.adapter.out.tables;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The bulk load's writer against Azurite: a partition's rows go out as transactions that respect
 * both of the service's limits (100 entities, 4 MiB), a lone row as one upsert, and writing the
 * same rows again leaves the same table.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class TableRowWriterIT {

  private final AtomicInteger batches = new AtomicInteger();
  private final AtomicInteger singles = new AtomicInteger();
  private AzureClients azure;
  private Generation generation;

  @BeforeEach
  void createTables(EmbeddedRuntime runtime, Namespace namespace) {
    HttpPipelinePolicy counter = (context, next) -> {
      (context.getHttpRequest().getUrl().getPath().endsWith("$batch") ? batches : singles).incrementAndGet();
      return next.process();
    };
    azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()), List.of(counter));
    generation = new Generation(HR, namespace, 1);
    new GenerationStorage(azure).create(generation);
    batches.set(0);
    singles.set(0);
  }

  @Test
  void largeRowsGoOutInTransactionsUnder4MibALoneRowAsOneUpsertAndARedoneLoadLeavesTheSameRows() {
    String large = "x".repeat(20_000); // 40,000 bytes as the service counts it: 78 rows to a 3 MiB transaction at most
    List<RowChange.Put> rows = IntStream.range(0, 250)
        .mapToObj(n -> new RowChange.Put(new RowRef(ViewTable.EMPLOYEES, "D1", "r" + n), Map.of("Payload", large, "N", n))).toList();
    RowChange.Put lone = new RowChange.Put(new RowRef(ViewTable.EMPLOYEE_INDEX, "empid_00000001", "employee"), Map.of("Version", 1L));

    write(rows, lone);

    assertThat(batches.get()).as("transactions for 250 rows of 40 KB").isEqualTo(4);
    assertThat(singles.get()).as("single upserts").isEqualTo(1);
    assertThat(stored(ViewTable.EMPLOYEES)).hasSize(250).allSatisfy(e -> assertThat(e.getProperty("Payload")).isEqualTo(large));
    assertThat(stored(ViewTable.EMPLOYEE_INDEX)).singleElement().satisfies(e -> assertThat(e.getProperty("Version")).isEqualTo(1L));

    write(rows, lone);

    assertThat(stored(ViewTable.EMPLOYEES)).hasSize(250);
    assertThat(stored(ViewTable.EMPLOYEE_INDEX)).hasSize(1);
  }

  private void write(List<RowChange.Put> rows, RowChange.Put lone) {
    try (TableRowWriter writer = new TableRowWriter(azure, generation)) {
      rows.forEach(writer::write);
      writer.write(lone);
      writer.flush();
      assertThat(writer.stored()).isEqualTo(rows.size() + 1);
      assertThat(writer.storedByTable()).containsEntry(ViewTable.EMPLOYEES, (long) rows.size()).containsEntry(ViewTable.EMPLOYEE_INDEX, 1L);
    }
  }

  private List<TableEntity> stored(ViewTable table) {
    return azure.table(generation.table(table)).listEntities().stream().toList();
  }
}
