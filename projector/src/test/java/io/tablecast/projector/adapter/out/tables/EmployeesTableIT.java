package io.tablecast.projector.adapter.out.tables;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import io.tablecast.viewstore.domain.ViewEntity;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The projector's writes to department partitions against Azurite: the rows it last read or wrote
 * are not read again, and a row another writer changed since makes the EGT roll back and the
 * batch fold again from the store, so nothing the other writer did is lost.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class EmployeesTableIT {

  private final StorageProbe probe = new StorageProbe();
  private final SimpleMeterRegistry metrics = new SimpleMeterRegistry();
  private AzureClients azure;
  private TableClient table;

  @BeforeEach
  void createTable(EmbeddedRuntime runtime, Namespace namespace) {
    azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()), List.of(probe));
    String name = new Generation(HR, namespace, 1).table(ViewTable.EMPLOYEES);
    azure.tableService().createTableIfNotExists(name);
    table = azure.table(name);
  }

  @Test
  void batchesOfADepartmentItWroteBeforeCostOneEgtEachAndNoRead() {
    EmployeesTable employees = new EmployeesTable(table, metrics);
    employees.apply("D1", List.of(departmentCreated("D1", "Sales"), hired(1, "D1", "Ann", "Lee", "a@x.io")));
    probe.drain();

    employees.apply("D1", List.of(hired(2, "D1", "Bo", "Ng", "b@x.io"), hired(3, "D1", "Cy", "Ox", "c@x.io")));
    employees.apply("D1", List.of(changed(1, 2, "D1", "Ann", "Lee", "ann@x.io", 41)));

    assertThat(probe.drain().samples()).extracting(StorageProbe.Sample::label).containsExactly("Employees EGT", "Employees EGT");
    assertThat(count("D1")).isEqualTo(3);
    assertThat(get("D1", EmployeesLayout.employee(new EmployeeId(1))).orElseThrow().version()).isEqualTo(2);
    assertThat(get("D1", EmployeesLayout.email("ann@x.io"))).isPresent();
    assertThat(get("D1", EmployeesLayout.email("a@x.io"))).isEmpty();
  }

  @Test
  void aNewDepartmentCostsOneEgtAndNoRead() {
    EmployeesTable employees = new EmployeesTable(table, metrics);
    probe.drain();

    employees.apply("D1", List.of(departmentCreated("D1", "Sales")));
    employees.apply("D2", List.of(departmentCreated("D2", "Ops"), hired(1, "D2", "Ann", "Lee", "a@x.io")));

    assertThat(probe.drain().samples()).extracting(StorageProbe.Sample::label).containsExactly("Employees EGT", "Employees EGT");
    assertThat(get("D1", EmployeesLayout.DEPARTMENT).orElseThrow().string(EmployeesLayout.NAME)).isEqualTo("Sales");
    assertThat(count("D1")).isZero();
    assertThat(count("D2")).isEqualTo(1);
    assertThat(metrics.counter("tablecast.projector.egt.conflicts").count()).isZero();
  }

  @Test
  void aDepartmentWhoseEmployeesArrivedFirstKeepsTheirCount_andARedeliveredCreationChangesNothing() {
    EmployeesTable other = new EmployeesTable(table, new SimpleMeterRegistry());
    other.apply("D1", List.of(hired(1, "D1", "Ann", "Lee", "a@x.io"), hired(2, "D1", "Bo", "Ng", "b@x.io")));
    EmployeesTable employees = new EmployeesTable(table, metrics);

    employees.apply("D1", List.of(departmentCreated("D1", "Sales")));
    ViewEntity created = get("D1", EmployeesLayout.DEPARTMENT).orElseThrow();
    employees.apply("D1", List.of(departmentCreated("D1", "Sales")));
    new EmployeesTable(table, new SimpleMeterRegistry()).apply("D1", List.of(departmentCreated("D1", "Sales")));

    assertThat(metrics.counter("tablecast.projector.egt.conflicts").count()).as("the summary assumed absent, found").isEqualTo(1);
    assertThat(created.string(EmployeesLayout.NAME)).isEqualTo("Sales");
    assertThat(get("D1", EmployeesLayout.DEPARTMENT).orElseThrow()).isEqualTo(created);
    assertThat(count("D1")).isEqualTo(2);
  }

  @Test
  void aRowAnotherWriterChangedSinceRollsTheEgtBackAndTheBatchIsFoldedAgainFromTheStore() {
    EmployeesTable employees = new EmployeesTable(table, metrics);
    EmployeesTable other = new EmployeesTable(table, new SimpleMeterRegistry());
    employees.apply("D1", List.of(departmentCreated("D1", "Sales"), hired(1, "D1", "Ann", "Lee", "a@x.io")));
    other.apply("D1", List.of(hired(2, "D1", "Bo", "Ng", "b@x.io"), changed(1, 2, "D1", "Ann", "Lee", "ann@x.io", 41)));

    employees.apply("D1", List.of(hired(3, "D1", "Cy", "Ox", "c@x.io"), changed(1, 3, "D1", "Ann", "Lee", "anna@x.io", 41)));

    assertThat(metrics.counter("tablecast.projector.egt.conflicts").count()).isEqualTo(1);
    assertThat(count("D1")).as("the other writer's hire counted, and this one's").isEqualTo(3);
    assertThat(get("D1", EmployeesLayout.employee(new EmployeeId(2)))).isPresent();
    assertThat(get("D1", EmployeesLayout.employee(new EmployeeId(1))).orElseThrow().version()).isEqualTo(3);
    assertThat(get("D1", EmployeesLayout.email("anna@x.io"))).isPresent();
    assertThat(get("D1", EmployeesLayout.email("ann@x.io"))).as("the copy the other writer made, replaced").isEmpty();
  }

  private int count(String department) {
    return get(department, EmployeesLayout.DEPARTMENT).orElseThrow().integer(EmployeesLayout.EMPLOYEE_COUNT);
  }

  private Optional<ViewEntity> get(String department, String rowKey) {
    return Optional.ofNullable(RowReader.read(table, department, Set.of(rowKey)).get(rowKey)).map(TableRows.Read::row);
  }
}
