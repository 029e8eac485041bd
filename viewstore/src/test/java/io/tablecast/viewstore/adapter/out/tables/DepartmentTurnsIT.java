package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.EgtGuard;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.domain.DepartmentHistories;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HR's department partitions ({@link DepartmentPartitions}) as the projector writes them, on the
 * engine's remembering turns against Azurite: the rows it last read or wrote are not read again,
 * a row another writer changed since makes the EGT roll back and the turn fold again from the
 * store, so nothing the other writer did is lost, a row it does not keep is read alone, the rows
 * the events create are taken for absent, and a turn larger than one EGT is cut between events,
 * the count in step with the rows after each EGT.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class DepartmentTurnsIT {

  private final StorageProbe probe = new StorageProbe();
  private final AtomicInteger lostRaces = new AtomicInteger();
  private final List<Integer> egtSizes = new ArrayList<>();
  private AzureClients azure;
  private Generation generation;
  private TableClient table;

  @BeforeEach
  void createTables(EmbeddedRuntime runtime, Namespace namespace) {
    azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()), List.of(probe));
    generation = new Generation(HR, namespace, 1);
    new GenerationStorage(azure).create(generation);
    table = azure.table(generation.table(ViewTable.EMPLOYEES));
  }

  @Test
  void turnsOfADepartmentItWroteBeforeCostOneEgtEachAndNoRead() {
    TableTurns departments = observed();
    apply(departments, departmentCreated("D1", "Sales"), hired(1, "D1", "Ann", "Lee", "a@x.io"));
    probe.drain();

    apply(departments, hired(2, "D1", "Bo", "Ng", "b@x.io"), hired(3, "D1", "Cy", "Ox", "c@x.io"));
    apply(departments, changed(1, 2, "D1", "Ann", "Lee", "ann@x.io", 41));

    assertThat(probe.drain().samples()).extracting(StorageProbe.Sample::label).containsExactly("Employees EGT", "Employees EGT");
    assertThat(count("D1")).isEqualTo(3);
    assertThat(get("D1", EmployeesLayout.employee(new EmployeeId(1))).orElseThrow().get("Version")).isEqualTo(2L);
    assertThat(get("D1", EmployeesLayout.email("ann@x.io"))).isPresent();
    assertThat(get("D1", EmployeesLayout.email("a@x.io"))).isEmpty();
  }

  @Test
  void aNewDepartmentIsOneWriteAndNoRead() {
    TableTurns departments = observed();
    probe.drain();

    apply(departments, departmentCreated("D1", "Sales"));
    apply(departments, departmentCreated("D2", "Ops"), hired(1, "D2", "Ann", "Lee", "a@x.io"));

    assertThat(probe.drain().samples()).extracting(StorageProbe.Sample::label).containsExactly("Employees insert", "Employees EGT");
    assertThat(get("D1", EmployeesLayout.DEPARTMENT).orElseThrow().get(EmployeesLayout.NAME)).isEqualTo("Sales");
    assertThat(count("D1")).isZero();
    assertThat(count("D2")).isEqualTo(1);
    assertThat(lostRaces).hasValue(0);
  }

  @Test
  void aDepartmentWhoseEmployeesArrivedFirstKeepsTheirCount_andARedeliveredCreationChangesNothing() {
    apply(TableTurns.remembering(azure, generation), hired(1, "D1", "Ann", "Lee", "a@x.io"), hired(2, "D1", "Bo", "Ng", "b@x.io"));
    TableTurns departments = observed();

    apply(departments, departmentCreated("D1", "Sales"));
    Map<String, Object> created = get("D1", EmployeesLayout.DEPARTMENT).orElseThrow();
    apply(departments, departmentCreated("D1", "Sales"));
    apply(TableTurns.remembering(azure, generation), departmentCreated("D1", "Sales"));

    assertThat(lostRaces).as("the summary taken for absent, found").hasValue(1);
    assertThat(created.get(EmployeesLayout.NAME)).isEqualTo("Sales");
    assertThat(get("D1", EmployeesLayout.DEPARTMENT).orElseThrow()).isEqualTo(created);
    assertThat(count("D1")).isEqualTo(2);
  }

  @Test
  void aRowAnotherWriterChangedSinceRollsTheEgtBackAndTheTurnIsFoldedAgainFromTheStore() {
    TableTurns departments = observed();
    TableTurns other = TableTurns.remembering(azure, generation);
    apply(departments, departmentCreated("D1", "Sales"), hired(1, "D1", "Ann", "Lee", "a@x.io"));
    apply(other, hired(2, "D1", "Bo", "Ng", "b@x.io"), changed(1, 2, "D1", "Ann", "Lee", "ann@x.io", 41));

    apply(departments, hired(3, "D1", "Cy", "Ox", "c@x.io"), changed(1, 3, "D1", "Ann", "Lee", "anna@x.io", 41));

    assertThat(lostRaces).hasValue(1);
    assertThat(count("D1")).as("the other writer's hire counted, and this one's").isEqualTo(3);
    assertThat(get("D1", EmployeesLayout.employee(new EmployeeId(2)))).isPresent();
    assertThat(get("D1", EmployeesLayout.employee(new EmployeeId(1))).orElseThrow().get("Version")).isEqualTo(3L);
    assertThat(get("D1", EmployeesLayout.email("anna@x.io"))).isPresent();
    assertThat(get("D1", EmployeesLayout.email("ann@x.io"))).as("the copy the other writer made, replaced").isEmpty();
  }

  @Test
  void rowsTheProjectorDoesNotKeepAreReadAlone_andTheRowsTheEventsCreateStayUnread() {
    apply(observed(), departmentCreated("D1", "Sales"), hired(1, "D1", "Ann", "Lee", "a@x.io"));
    TableTurns departments = TableTurns.remembering(azure, generation);
    apply(departments, departmentCreated("D1", "Sales")); // a redelivery: now it knows the summary, and no employee
    probe.drain();

    apply(departments, changed(1, 2, "D1", "Ann", "Lee", "ann@x.io", 41), hired(2, "D1", "Bo", "Ng", "b@x.io"));

    assertThat(probe.drain().samples()).extracting(StorageProbe.Sample::label)
        .as("Ann's row, then the copy of the address it holds, then one EGT; her new address's copy and Bo's rows taken for absent")
        .containsExactly("Employees read", "Employees read", "Employees EGT");
    assertThat(count("D1")).isEqualTo(2);
    assertThat(get("D1", EmployeesLayout.email("ann@x.io"))).isPresent();
    assertThat(get("D1", EmployeesLayout.email("a@x.io"))).isEmpty();
  }

  @Test
  void hiresTooManyForOneEgtGoInSeveral_eachWithTheCountOfItsRows() {
    TableTurns departments = observed();
    List<DomainEvent> turn = new ArrayList<>(List.of(departmentCreated("D1", "Sales")));
    for (int id = 1; id <= 80; id++) {
      turn.add(hired(id, "D1", "F" + id, "L", "e" + id + "@x.io"));
    }

    departments.apply(DepartmentPartitions.PROJECTION, turn);

    assertThat(egtSizes).as("the summary and 49 employees with their copies, then 31 more and the summary again")
        .containsExactly(1 + 49 * 2, 31 * 2 + 1).allMatch(size -> size <= EgtGuard.MAX_OPERATIONS);
    assertThat(count("D1")).isEqualTo(80);
    Map<String, Map<String, Object>> partition = RowReader.read(table, "D1", rowKeys(80)).entrySet().stream()
        .collect(Collectors.toMap(Map.Entry::getKey, entry -> entry.getValue().properties()));
    DepartmentHistories.assertInvariants(partition);
  }

  /** The projector's instance: remembering, observed as the projector's metrics observe it. */
  private TableTurns observed() {
    return TableTurns.remembering(azure, generation, 1_000, new TableTurns.Observer() {
      @Override
      public void submitted(int operations) {
        egtSizes.add(operations);
      }

      @Override
      public void lostRace() {
        lostRaces.incrementAndGet();
      }
    });
  }

  private static void apply(TableTurns turns, DomainEvent... events) {
    turns.apply(DepartmentPartitions.PROJECTION, List.of(events));
  }

  private static Set<String> rowKeys(int employees) {
    Set<String> rowKeys = new LinkedHashSet<>(List.of(EmployeesLayout.DEPARTMENT));
    for (int id = 1; id <= employees; id++) {
      rowKeys.add(EmployeesLayout.employee(new EmployeeId(id)));
      rowKeys.add(EmployeesLayout.email("e" + id + "@x.io"));
    }
    return rowKeys;
  }

  private int count(String department) {
    return ((Number) get(department, EmployeesLayout.DEPARTMENT).orElseThrow().get(EmployeesLayout.EMPLOYEE_COUNT)).intValue();
  }

  private Optional<Map<String, Object>> get(String department, String rowKey) {
    return Optional.ofNullable(RowReader.read(table, department, Set.of(rowKey)).get(rowKey)).map(read -> read.properties());
  }
}
