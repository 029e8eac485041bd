package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.queue.models.QueueStorageException;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.ReadOnlySas;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The views service's credentials (SPEC §7): a SAS that reads tables and queue depths, and can write nothing. */
@ExtendWith(TablecastRuntimeExtension.class)
class ReadOnlyCredentialsIT {

  @Test
  void theViewsCredentialsReadButCannotWriteATableOrAQueue(EmbeddedRuntime runtime) {
    String suffix = Integer.toString(ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
    AzureClients owner = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    TableClient ownTable = owner.table("ReadOnly" + suffix);
    ownTable.createTable();
    ownTable.createEntity(new TableEntity("p", "r").addProperty("Name", "kept"));
    owner.queue("read-only-" + suffix).create();
    owner.queue("read-only-" + suffix).sendMessage("kept");

    StorageSettings viewsSettings = ReadOnlySas.issue(runtime.storageConnectionString(), Duration.ofMinutes(10));
    AzureClients views = new AzureClients(viewsSettings);
    TableClient table = views.table("ReadOnly" + suffix);

    assertThat(viewsSettings.connectionString()).as("no account key").isEmpty();
    assertThat(table.getEntity("p", "r").getProperty("Name")).isEqualTo("kept");
    assertThat(views.queue("read-only-" + suffix).getProperties().getApproximateMessagesCount()).isEqualTo(1);

    assertThatThrownBy(() -> table.upsertEntity(new TableEntity("p", "r").addProperty("Name", "changed")))
        .isInstanceOfSatisfying(TableServiceException.class, e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403));
    assertThatThrownBy(() -> table.deleteEntity("p", "r"))
        .isInstanceOfSatisfying(TableServiceException.class, e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403));
    assertThatThrownBy(() -> views.table("Created" + suffix).createTable())
        .isInstanceOfSatisfying(TableServiceException.class, e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403));
    assertThatThrownBy(() -> views.queue("read-only-" + suffix).sendMessage("injected"))
        .isInstanceOfSatisfying(QueueStorageException.class, e -> assertThat(e.getStatusCode()).isEqualTo(403));
    assertThat(ownTable.getEntity("p", "r").getProperty("Name")).isEqualTo("kept");
  }
}
