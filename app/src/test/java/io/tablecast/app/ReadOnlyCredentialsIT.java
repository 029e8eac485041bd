package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.queue.models.QueueStorageException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.ReadOnlySas;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The views service's credentials (SPEC §7): a SAS that reads tables and queue depths, and can
 * write nothing, whether issued in-process (dev mode) or by {@code tablecast read-only-sas} into
 * the file the compose demo's views read ({@code TABLECAST_STORAGE_SAS_FILE}).
 */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class ReadOnlyCredentialsIT {

  private final String suffix = Integer.toString(ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
  private TableClient ownTable;

  @BeforeEach
  void aTableAndAQueueWithOneEntryEach(EmbeddedRuntime runtime) {
    AzureClients owner = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    ownTable = owner.table("ReadOnly" + suffix);
    ownTable.createTable();
    ownTable.createEntity(new TableEntity("p", "r").addProperty("Name", "kept"));
    owner.queue("read-only-" + suffix).create();
    owner.queue("read-only-" + suffix).sendMessage("kept");
  }

  @Test
  void theViewsCredentialsReadButCannotWriteATableOrAQueue(EmbeddedRuntime runtime) {
    StorageSettings viewsSettings = ReadOnlySas.issue(runtime.storageConnectionString(), Duration.ofMinutes(10));

    assertThat(viewsSettings.connectionString()).as("no account key").isEmpty();
    assertReadsButCannotWrite(new AzureClients(viewsSettings));
  }

  @Test
  void theSasThatTheCliWritesToAFileReadsButCannotWrite(EmbeddedRuntime runtime, ChildJvms.Launcher jvms, @TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("credentials").resolve("views.sas");
    ChildJvm cli = jvms.start(dir.resolve("read-only-sas.out"), Map.of("TABLECAST_STORAGE_CONNECTION_STRING", runtime.storageConnectionString()),
        TablecastCli.class, "read-only-sas", "--valid-for", "1h", "--out", file.toString());

    assertThat(cli.awaitExitCode(Duration.ofSeconds(60))).as(cli.tail()).isZero();
    assertThat(Files.readString(file)).doesNotContain("AccountKey").contains("sig=");

    // What the views containers are given: endpoints and the file, nothing else.
    StorageSettings viewsSettings = StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_TABLE_ENDPOINT", runtime.azurite().tableEndpoint(),
        "TABLECAST_QUEUE_ENDPOINT", runtime.azurite().queueEndpoint(),
        "TABLECAST_STORAGE_SAS_FILE", file.toString())));
    assertThat(viewsSettings.auth()).isEqualTo(StorageSettings.Auth.SAS);
    assertReadsButCannotWrite(new AzureClients(viewsSettings));
  }

  private void assertReadsButCannotWrite(AzureClients views) {
    TableClient table = views.table("ReadOnly" + suffix);

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
    assertThat(views.queue("read-only-" + suffix).getProperties().getApproximateMessagesCount()).isEqualTo(1);
  }
}
