package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.steps.EmployeeStep;
import io.tablecast.hr.steps.HrWork;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Work;
import io.tablecast.projection.WorkStep;
import io.tablecast.testkit.MovableClock;
import io.tablecast.testkit.StorageFaults;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HR's steps run by the engine's turns against Azurite ({@link EmployeeStep}): what a hire's first
 * attempt costs, and the rows a change, a transfer, an archive and a manager's change leave,
 * including after a turn cut short between its partitions.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class HrStepsIT {

  private final StorageFaults faults = new StorageFaults(1);
  private final StorageProbe probe = new StorageProbe();
  private final MovableClock clock = new MovableClock(Instant.parse("2026-12-02T08:00:00Z"));
  private final ExecutorService readers = Executors.newFixedThreadPool(4);
  private AzureClients azure;
  private Generation generation;
  private TableTurns projector;
  private TableTurns steps;

  @BeforeEach
  void createTables(EmbeddedRuntime runtime, Namespace namespace) {
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    azure = new AzureClients(storage);
    generation = new Generation(HrViewSet.HR, namespace, 1);
    new GenerationStorage(azure).create(generation);
    projector = new TableTurns(azure, generation);
    steps = TableTurns.reading(new AzureClients(storage, List.of(faults, probe)), generation, readers, Duration.ofSeconds(30), clock);
    project(departmentCreated("Sales", "Sales"), departmentCreated("Ops", "Operations"));
  }

  @AfterEach
  void stopReaders() {
    readers.shutdownNow();
  }

  @Test
  void aHiresFirstAttempt_readsOnlyItsShard_andWritesItsEntryItsShardAndItsWorkerRow() {
    List<Work> work = project(hired(7, "Sales", "Ann", "Lee", "ann@x.io"));
    probe.drain();

    run(work, true);

    Map<String, Long> requests = probe.drain().samples().stream().collect(Collectors.groupingBy(s -> s.label(), Collectors.counting()));
    assertThat(requests.values().stream().mapToLong(Long::longValue).sum()).as("requests %s", requests).isEqualTo(4);
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann@x.io", "employee")).containsEntry("EmployeeId", "00000007");
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", "Sales_00")).containsEntry("EmployeeIds", "00000007");
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "empid_00000007", "worker")).containsEntry("IndexedEmail", "ann@x.io")
        .containsEntry("Version", 1L).doesNotContainKeys("SettlesAt", TableTurns.LEASE_OWNER);
  }

  @Test
  void aChangeAfterAHireThatTheseStepsFiled_readsOnlyTheRowsTheProjectorKeeps_theLocatorAndTheEmployeeRow() {
    run(project(hired(7, "Sales", "Ann", "Lee", "ann@x.io")), true);
    List<Work> change = project(changed(7, 2, "Sales", "Ann", "Li", "ann@x.io", 31));
    probe.drain();

    run(change, true);

    Map<String, Long> requests = probe.drain().samples().stream().collect(Collectors.groupingBy(s -> s.label(), Collectors.counting()));
    assertThat(requests).as("the worker row, the email entry and the old name's shard as written last, on their ETags; read are"
        + " the locator, the employee row and the new name's shard, which these steps never wrote")
        .containsEntry("EmployeeIndex read", 1L).containsEntry("Employees read", 1L).containsEntry("EmployeesByLastName read", 1L)
        .containsEntry("EmployeeIndex replace", 3L).containsEntry("EmployeesByLastName delete", 1L);
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann@x.io", "employee")).containsEntry("LastName", "Li");
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "li", "Sales_00")).containsEntry("EmployeeIds", "00000007");
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", "Sales_00")).isNull();
  }

  @Test
  void rowsAnotherProcessChangedSinceThisOneWroteThem_failItsWritesAndAreRead_neverBelieved(EmbeddedRuntime runtime) {
    run(project(hired(7, "Sales", "Ann", "Lee", "ann@x.io")), true);
    TableTurns otherProcess = TableTurns.reading(new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString())),
        generation, readers, Duration.ofSeconds(30), clock);
    run(otherProcess, project(changed(7, 2, "Sales", "Ann", "Li", "ann.li@x.io", 31)), true);

    run(project(changed(7, 3, "Sales", "Ann", "Lo", "ann.lo@x.io", 32)), true);

    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann@x.io", "employee")).isNull();
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann.li@x.io", "employee")).isNull();
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann.lo@x.io", "employee")).containsEntry("LastName", "Lo");
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", "Sales_00")).isNull();
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "li", "Sales_00")).isNull();
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "lo", "Sales_00")).containsEntry("EmployeeIds", "00000007");
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "empid_00000007", "worker")).containsEntry("Version", 3L)
        .containsEntry("IndexedEmail", "ann.lo@x.io").doesNotContainKeys("StaleEmails", "SettlesAt", TableTurns.LEASE_OWNER);
  }

  @Test
  void aHireWhoseWorkerRowExists_isReadWhole_andFollowsTheDepartmentItWasMadeManagerOfFirst() {
    List<Work> hire = project(hired(7, "Sales", "Ann", "Lee", "ann@x.io"));
    run(project(managerAssigned("Ops", 2, 7, "Ann", "Lee", "ann@x.io")), true);

    run(hire, true);

    assertThat(row(ViewTable.EMPLOYEE_INDEX, "empid_00000007", "worker")).containsEntry("ManagedDepartments", "[\"Ops\"]")
        .containsEntry("IndexedEmail", "ann@x.io");
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", "Sales_00")).containsEntry("EmployeeIds", "00000007");
  }

  @Test
  void aHiresItemSentAgainAfterItsEmailChanged_leavesNoEntryUnderTheOldAddress() {
    List<Work> hire = project(hired(7, "Sales", "Ann", "Lee", "ann@x.io"));
    run(hire, true);
    run(project(changed(7, 2, "Sales", "Ann", "Lee", "ann.lee@x.io", 31)), true);

    run(hire, true); // the projector applied the hire again after a crash, and sent its item again

    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann@x.io", "employee")).isNull();
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann.lee@x.io", "employee")).containsEntry("EmployeeId", "00000007");
  }

  @Test
  void aChangeATransferAndAnArchive_leaveTheEmployeeWhereItsLocatorSays_withItsEntriesAndCounts() {
    run(project(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), hired(8, "Sales", "Bob", "Lee", "bob@x.io")), true);
    run(project(changed(7, 2, "Sales", "Ann", "Li", "ann.li@x.io", 31)), true);

    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann@x.io", "employee")).isNull();
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann.li@x.io", "employee")).containsEntry("LastName", "Li");
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", "Sales_00")).containsEntry("EmployeeIds", "00000008");
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "li", "Sales_00")).containsEntry("EmployeeIds", "00000007");

    run(project(transferred(7, 3, "Sales", "Ops")), true);

    assertThat(row(ViewTable.EMPLOYEES, "Sales", "empid_00000007")).isNull();
    assertThat(row(ViewTable.EMPLOYEES, "Sales", "email_ann.li@x.io")).isNull();
    assertThat(row(ViewTable.EMPLOYEES, "Ops", "empid_00000007")).containsEntry("Version", 3L);
    assertThat(row(ViewTable.EMPLOYEES, "Sales", "department")).containsEntry("EmployeeCount", 1);
    assertThat(row(ViewTable.EMPLOYEES, "Ops", "department")).containsEntry("EmployeeCount", 1);
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "li", "Sales_00")).isNull();
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "li", "Ops_00")).containsEntry("EmployeeIds", "00000007");

    run(project(archived(7, 4, "Ops", "left")), true);

    assertThat(row(ViewTable.ARCHIVED_EMPLOYEES, "Ops", "empid_00000007")).containsEntry("Reason", "left");
    assertThat(row(ViewTable.EMPLOYEES, "Ops", "empid_00000007")).isNull();
    assertThat(row(ViewTable.EMPLOYEES, "Ops", "department")).containsEntry("EmployeeCount", 0);
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann.li@x.io", "employee")).isNull();
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "li", "Ops_00")).isNull();
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "empid_00000007", "worker")).containsEntry("Version", 4L)
        .doesNotContainKeys("IndexedEmail", "StaleEmails", "Placing", "SettlesAt", TableTurns.LEASE_OWNER);
  }

  @Test
  void aTurnCutShortAfterItsIntent_isFinishedByTheNextTurn_whichRemovesTheEntryOnlyTheIntentNamed() {
    run(project(hired(7, "Sales", "Ann", "Lee", "ann@x.io")), true);
    List<Work> change = project(changed(7, 2, "Sales", "Ann", "Li", "ann.li@x.io", 31));
    faults.refuseWrites("EmployeesByLastName"); // the shards cannot be written: the turn stops after its intent
    assertThatThrownBy(() -> run(change, true)).hasMessageContaining("403");
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "empid_00000007", "worker")).as("the intent kept, its lease given back")
        .containsEntry("StaleLastNames", "[[\"lee\",\"Sales\"]]").containsEntry("SettlesAt", 2L)
        .doesNotContainKey(TableTurns.LEASE_OWNER);
    faults.refuseWrites(null);

    run(project(changed(7, 3, "Sales", "Ann", "Lo", "ann.lo@x.io", 31)), false);

    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann@x.io", "employee")).isNull();
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann.li@x.io", "employee")).isNull();
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "email_ann.lo@x.io", "employee")).containsEntry("Version", 3L);
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "lo", "Sales_00")).containsEntry("EmployeeIds", "00000007");
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "lee", "Sales_00")).isNull();
    assertThat(row(ViewTable.EMPLOYEES_BY_LAST_NAME, "li", "Sales_00")).isNull();
    assertThat(row(ViewTable.EMPLOYEE_INDEX, "empid_00000007", "worker")).containsEntry("Version", 3L)
        .doesNotContainKeys("StaleEmails", "StaleLastNames", "SettlesAt", TableTurns.LEASE_OWNER);
  }

  @Test
  void aManagersChangeReachesTheDepartmentsItManages_andItsArchiveClearsThem() {
    run(project(hired(7, "Sales", "Ann", "Lee", "ann@x.io")), true);
    run(project(managerAssigned("Ops", 2, 7, "Ann", "Lee", "ann@x.io")), true);
    run(project(changed(7, 2, "Sales", "Anne", "Lee", "ann@x.io", 31)), true);

    assertThat(row(ViewTable.EMPLOYEES, "Ops", "department")).containsEntry("ManagerFirstName", "Anne");

    run(project(archived(7, 3, "Sales", null)), true);

    assertThat(row(ViewTable.EMPLOYEES, "Ops", "department")).doesNotContainKeys("ManagerId", "ManagerFirstName");
  }

  /** Applies the events as HR's projector does (the department partitions, then the locators), and returns the work they ask for. */
  private List<Work> project(DomainEvent... events) {
    for (DomainEvent event : events) {
      projector.apply(DepartmentPartitions.PROJECTION, List.of(event));
      if (event instanceof EmployeeEvent employeeEvent) {
        projector.apply(EmployeeLocators.PROJECTION, List.of(employeeEvent));
      }
    }
    return HrWork.of(List.of(events));
  }

  /** Runs the work as a worker runs a message of each step's items. */
  private void run(List<Work> work, boolean firstDelivery) {
    run(steps, work, firstDelivery);
  }

  private static void run(TableTurns steps, List<Work> work, boolean firstDelivery) {
    Map<WorkStep<?>, List<String>> byStep = work.stream()
        .collect(Collectors.groupingBy(Work::step, java.util.LinkedHashMap::new, Collectors.mapping(Work::item, Collectors.toList())));
    byStep.forEach((step, items) -> assertThat(steps.applyItems(step.turn(items), firstDelivery).isEmpty()).isTrue());
  }

  private Map<String, Object> row(ViewTable table, String partitionKey, String rowKey) {
    return GenerationRows.all(azure, generation).get(new RowRef(table, partitionKey, rowKey));
  }
}
