package io.tablecast.app;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.Generation;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The views follow a flip of {@code ViewCatalog} to a new generation within seconds, without a restart (SPEC §6). */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class})
class ViewCatalogFlipIT {

  @Test
  void afterAFlipTheViewsServeTheNewGenerationWithinTenSeconds(Pipeline pipeline) {
    assertThat(pipeline.views().get("/departments/Flip").status()).isEqualTo(404);
    Generation next = new Generation(HR, pipeline.namespace(), 2);
    TableClient employees = pipeline.azure().table(next.table(ViewTable.EMPLOYEES));
    employees.createTable();
    employees.createEntity(new TableEntity("Flip", EmployeesLayout.DEPARTMENT).addProperty("Name", "Flipped")
        .addProperty("EmployeeCount", 0).addProperty("Version", 1L).addProperty("EntityType", "Department"));

    TableClient catalog = pipeline.azure().table(new CatalogTables(pipeline.namespace()).viewCatalog());
    catalog.upsertEntity(new TableEntity("catalog", "hr").addProperty("ActiveGeneration", 2));
    long flipped = System.nanoTime();

    await("the views follow the flip").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
        .until(() -> pipeline.views().get("/departments/Flip").status() == 200);
    assertThat(pipeline.views().get("/departments/Flip").json().get("name").asText()).isEqualTo("Flipped");
    assertThat(Duration.ofNanos(System.nanoTime() - flipped)).isLessThan(Duration.ofSeconds(10));
    assertThat(pipeline.views().get("/status").json().get("generation").get("active").asInt()).isEqualTo(2);
  }
}
