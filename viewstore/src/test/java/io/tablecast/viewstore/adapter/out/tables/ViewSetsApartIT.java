package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.QueueErrors;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projection.ViewSet;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two view sets in one namespace are built, flipped and dropped apart: each has its own tables,
 * queues, {@code ViewCatalog} row and checkpoints (SPEC §9).
 */
@ExtendWith(TablecastRuntimeExtension.class)
class ViewSetsApartIT {

  private record Table(String baseName) implements ViewSet.Table {}

  private record Queue(String baseName) implements ViewSet.Queue {}

  static final ViewSet ORDERS = ViewSet.of("orders", List.of(new Table("Orders"), new Table("OrdersByCustomer")),
      List.of(new Queue("customer-index")));

  private AzureClients azure;
  private Namespace namespace;

  @BeforeEach
  void connect(EmbeddedRuntime runtime, Namespace namespace) {
    this.azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    this.namespace = namespace;
  }

  @Test
  void eachViewSetStartsWithItsOwnTablesQueuesAndCatalogRow() {
    Generation hr = ViewStoreBootstrap.ensure(azure, namespace, HR);
    Generation orders = ViewStoreBootstrap.ensure(azure, namespace, ORDERS);

    assertThat(tables()).containsAll(hr.tables()).containsAll(orders.tables())
        .contains(namespace.table("OrdersG1"), namespace.table("OrdersByCustomerG1"), namespace.table("EmployeesG1"));
    assertThat(Stream.concat(hr.queues().stream(), orders.queues().stream())).allMatch(this::queueExists)
        .contains(namespace.queue("customer-index-g1"), namespace.queue("customer-index-g1-poison"));
    assertThat(catalogRows()).containsExactlyInAnyOrder("hr", "orders");
    assertThat(orders.checkpointPartition()).isEqualTo("orders.G1");
    assertThat(hr.checkpointPartition()).as("HR keeps the partition it had before there were other view sets").isEqualTo("G1");
  }

  @Test
  void flippingAndDroppingOneViewSetLeavesTheOtherAsItWas() {
    Generation hr = ViewStoreBootstrap.ensure(azure, namespace, HR);
    Generation orders = ViewStoreBootstrap.ensure(azure, namespace, ORDERS);
    TableClient checkpoints = azure.table(new CatalogTables(namespace).projectorCheckpoints());
    checkpoints.upsertEntity(new TableEntity(hr.checkpointPartition(), "tablecast.events.0").addProperty("AppliedOffset", 7L));
    checkpoints.upsertEntity(new TableEntity(orders.checkpointPartition(), "orders.events.0").addProperty("AppliedOffset", 3L));

    ViewCatalog ordersCatalog = new ViewCatalog(azure.tableService(), namespace, ORDERS);
    GenerationStorage storage = new GenerationStorage(azure);
    Generation next = orders.next();
    assertThat(ordersCatalog.propose(ordersCatalog.readVersioned(), next.number())).isTrue();
    storage.create(next);
    assertThat(ordersCatalog.flip(ordersCatalog.readVersioned())).isTrue();
    storage.drop(orders);

    assertThat(ordersCatalog.read().activeGeneration()).isEqualTo(2);
    assertThat(new ViewCatalog(azure.tableService(), namespace, HR).read().activeGeneration()).isEqualTo(1);
    assertThat(tables()).containsAll(hr.tables()).containsAll(next.tables()).doesNotContainAnyElementsOf(orders.tables());
    assertThat(Stream.concat(hr.queues().stream(), next.queues().stream())).allMatch(this::queueExists);
    assertThat(orders.queues()).noneMatch(this::queueExists);
    assertThat(checkpointPartitions(checkpoints)).as("the dropped generation's checkpoints only").containsExactly("G1");
  }

  private List<String> tables() {
    return azure.tableService().listTables().stream().map(TableItem::getName).filter(n -> n.startsWith(namespace.prefix())).toList();
  }

  private boolean queueExists(String name) {
    try {
      azure.queue(name).getProperties();
      return true;
    } catch (RuntimeException e) {
      if (QueueErrors.queueMissing(e)) {
        return false;
      }
      throw e;
    }
  }

  private List<String> catalogRows() {
    return azure.table(new CatalogTables(namespace).viewCatalog()).listEntities().stream().map(TableEntity::getRowKey).toList();
  }

  private static List<String> checkpointPartitions(TableClient checkpoints) {
    return checkpoints.listEntities(new ListEntitiesOptions(), null, null).stream().map(TableEntity::getPartitionKey)
        .distinct().toList();
  }
}
