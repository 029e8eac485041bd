package io.tablecast.workers.adapter.out.tables;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.work.EmployeeLocator;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.workers.adapter.out.tables.EmployeesPlacement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The workers' placement of employees in a department partition, against Azurite, where its
 * first attempt assumes the email copy of an employee moving in is absent: when a copy of that
 * address stands after all, held by another employee, the insert fails, the EGT rolls back, and
 * the second attempt decides by the claims like the projector does.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class EmployeesPlacementIT {

  private static final String ADDRESS = "x@example.com";

  private TableClient table;
  private EmployeesPlacement placement;

  @BeforeEach
  void createTable(EmbeddedRuntime runtime, Namespace namespace) {
    AzureClients azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    String name = new Generation(HR, namespace, 1).table(ViewTable.EMPLOYEES);
    azure.tableService().createTableIfNotExists(name);
    table = azure.table(name);
    placement = new EmployeesPlacement(table);
  }

  @Test
  void anEmployeeMovingInBesideAnOlderClaimOnItsAddressIsPlacedWithoutDisturbingTheNewerClaimsCopy() {
    // B took the address over (version 3) after A had claimed it (version 1); A now moves into B's department.
    ViewEntity b = row(hired(2, "D2", "Bea", "Bo", "y@example.com"), changed(2, 3, "D2", "Bea", "Bo", ADDRESS, 30));
    ViewEntity a = row(hired(1, "D1", "Ann", "Lee", ADDRESS), transferred(1, 2, "D1", "D2"));
    placement.place("D2", Map.of(new EmployeeId(2), Optional.of(b)));

    placement.place("D2", Map.of(new EmployeeId(1), Optional.of(a)));

    assertThat(count("D2")).isEqualTo(2);
    assertThat(get("D2", EmployeesLayout.employee(new EmployeeId(1)))).contains(a);
    assertThat(get("D2", EmployeesLayout.email(ADDRESS))).contains(TruthRows.emailCopy(b));
  }

  @Test
  void anEmployeeMovingInWithTheNewerClaimOnAnAddressTakesOverItsCopy() {
    ViewEntity b = row(hired(2, "D2", "Bea", "Bo", ADDRESS));
    ViewEntity a = row(hired(1, "D1", "Ann", "Lee", "z@example.com"), changed(1, 5, "D1", "Ann", "Lee", ADDRESS, 30),
        transferred(1, 6, "D1", "D2"));
    placement.place("D2", Map.of(new EmployeeId(2), Optional.of(b)));

    placement.place("D2", Map.of(new EmployeeId(1), Optional.of(a)));

    assertThat(count("D2")).isEqualTo(2);
    assertThat(get("D2", EmployeesLayout.email(ADDRESS))).contains(TruthRows.emailCopy(a));
  }

  @Test
  void anEmployeeMovingOutTakesItsRowItsCopyAndOneFromTheCountWithIt() {
    ViewEntity a = row(hired(1, "D1", "Ann", "Lee", ADDRESS));
    ViewEntity c = row(hired(3, "D1", "Cy", "Ng", "c@example.com"));
    placement.place("D1", Map.of(new EmployeeId(1), Optional.of(a), new EmployeeId(3), Optional.of(c)));

    placement.place("D1", Map.of(new EmployeeId(1), Optional.empty()));

    assertThat(count("D1")).isEqualTo(1);
    assertThat(get("D1", EmployeesLayout.employee(new EmployeeId(1)))).isEmpty();
    assertThat(get("D1", EmployeesLayout.email(ADDRESS))).isEmpty();
    assertThat(get("D1", EmployeesLayout.email("c@example.com"))).contains(TruthRows.emailCopy(c));
  }

  /** The {@code Employees} row the truth after these events asks for. */
  private static ViewEntity row(EmployeeEvent... events) {
    return TruthRows.employee(EmployeeLocator.fold(Optional.empty(), List.of(events)).orElseThrow());
  }

  private int count(String department) {
    return get(department, EmployeesLayout.DEPARTMENT).orElseThrow().integer(EmployeesLayout.EMPLOYEE_COUNT);
  }

  private Optional<ViewEntity> get(String department, String rowKey) {
    return Optional.ofNullable(RowReader.read(table, department, Set.of(rowKey)).get(rowKey)).map(EntityWrites::row);
  }
}
