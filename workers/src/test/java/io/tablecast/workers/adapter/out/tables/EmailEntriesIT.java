package io.tablecast.workers.adapter.out.tables;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.hired;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.work.EmployeeLocator;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.workers.adapter.out.tables.EmailEntries;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The workers' email entries against Azurite: an entry this process wrote is changed without
 * being read again, and one that another process changed since is read afresh and decided on by
 * the claims, whichever way the known entry pointed.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class EmailEntriesIT {

  private static final String ADDRESS = "x@example.com";
  private static final ViewEntity ANN = entry(hired(1, "D1", "Ann", "Lee", ADDRESS));
  private static final ViewEntity ANNE = entry(hired(1, "D1", "Ann", "Lee", ADDRESS), changed(1, 2, "D1", "Anne", "Lee", ADDRESS, 30));
  /** Bob took the address over after Ann had claimed it. */
  private static final ViewEntity BOB = entry(hired(2, "D2", "Bob", "Bo", "y@example.com"), changed(2, 3, "D2", "Bob", "Bo", ADDRESS, 30));

  private final StorageProbe probe = new StorageProbe();
  private TableClient table;
  /** The same table, for the test's own reads, which the probe does not see. */
  private TableClient unprobed;

  @BeforeEach
  void createTable(EmbeddedRuntime runtime, Namespace namespace) {
    StorageSettings settings = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    AzureClients azure = new AzureClients(settings, List.of(probe));
    String name = new Generation(HR, namespace, 1).table(ViewTable.EMPLOYEE_INDEX);
    azure.tableService().createTableIfNotExists(name);
    table = azure.table(name);
    unprobed = new AzureClients(settings).table(name);
  }

  @Test
  void anEntryThisProcessWroteIsReplacedAndRemovedWithoutBeingReadAgain() {
    EmailEntries entries = new EmailEntries(table);

    entries.put(ANN, true);
    entries.put(ANNE, false);
    assertThat(stored()).contains(ANNE);
    entries.remove(new EmployeeId(1), List.of(ADDRESS));

    assertThat(probe.drain().samples()).extracting(StorageProbe.Sample::label).noneMatch(label -> label.contains("read"));
    assertThat(stored()).isEmpty();
  }

  @Test
  void aRemovalTheKnownEntryAllowsIsDecidedAgainWhenAnotherProcessGaveTheAddressToANewerClaim() {
    EmailEntries here = new EmailEntries(table);
    EmailEntries elsewhere = new EmailEntries(table);
    here.put(ANN, true);

    elsewhere.put(BOB, false);
    here.remove(new EmployeeId(1), List.of(ADDRESS));

    assertThat(stored()).contains(BOB);
  }

  @Test
  void aWriteTheKnownEntryRefusesIsDecidedAgainWhenAnotherProcessRemovedThatEntry() {
    EmailEntries here = new EmailEntries(table);
    EmailEntries elsewhere = new EmailEntries(table);
    here.put(BOB, true);

    elsewhere.remove(new EmployeeId(2), List.of(ADDRESS));
    here.put(ANN, false);

    assertThat(stored()).contains(ANN);
  }

  private Optional<ViewEntity> stored() {
    String partition = IndexLayout.emailPartition(ADDRESS);
    return Optional.ofNullable(RowReader.read(unprobed, partition, Set.of(IndexLayout.ROW)).get(IndexLayout.ROW)).map(EntityWrites::row);
  }

  private static ViewEntity entry(EmployeeEvent... events) {
    return TruthRows.emailEntry(EmployeeLocator.fold(Optional.empty(), List.of(events)).orElseThrow());
  }
}
