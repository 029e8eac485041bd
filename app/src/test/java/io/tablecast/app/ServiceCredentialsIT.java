package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableServiceProperties;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueServiceProperties;
import com.azure.storage.queue.models.QueueStorageException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.SasTokens;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The services' own storage credentials (SPEC §7), whether issued in-process (dev mode, the test
 * pipeline) or by {@code tablecast sas} into the file the compose demo's containers read ({@code
 * TABLECAST_STORAGE_SAS_FILE}): the views' SAS reads tables and queue depths and can write
 * nothing; the projector's and workers' SAS, a pair, writes tables and queues, deletes neither, and
 * reaches no blob. Every
 * other test of this module runs its projector and workers on that writer SAS ({@code Pipeline}).
 */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class ServiceCredentialsIT {

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
    StorageSettings viewsSettings = ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofMinutes(10));

    assertThat(viewsSettings.connectionString()).as("no account key").isEmpty();
    assertReadsButCannotWrite(new AzureClients(viewsSettings));
    assertNoBlobAccess(runtime, viewsSettings);
  }

  @Test
  void theWritersCredentialsWriteTablesAndQueuesButReachNoBlob(EmbeddedRuntime runtime) {
    StorageSettings writerSettings = ServiceSas.readWrite(runtime.storageConnectionString(), Duration.ofMinutes(10));
    AzureClients writer = new AzureClients(writerSettings);

    assertThat(writerSettings.connectionString()).as("no account key").isEmpty();
    TableClient created = writer.table("Created" + suffix);
    created.createTable();
    created.upsertEntity(new TableEntity("p", "r").addProperty("Name", "written"));
    writer.table("ReadOnly" + suffix).deleteEntity("p", "r");
    writer.queue("read-only-" + suffix).sendMessage("added");

    assertThat(created.getEntity("p", "r").getProperty("Name")).isEqualTo("written");
    assertThatThrownBy(() -> ownTable.getEntity("p", "r"))
        .isInstanceOfSatisfying(TableServiceException.class, e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(404));
    QueueClient queue = writer.queue("read-only-" + suffix);
    assertThat(queue.getProperties().getApproximateMessagesCount()).as("a queue's depth").isEqualTo(2);
    assertThat(queue.receiveMessages(2).stream().peek(m -> queue.deleteMessage(m.getMessageId(), m.getPopReceipt()))
        .map(m -> m.getBody().toString())).containsExactlyInAnyOrder("kept", "added");
    writer.queue("created-" + suffix).createIfNotExists();
    assertNoBlobAccess(runtime, writerSettings);
  }

  @Test
  void theWritersCredentialsCannotDeleteATableOrAQueue(EmbeddedRuntime runtime) {
    AzureClients writer = new AzureClients(ServiceSas.readWrite(runtime.storageConnectionString(), Duration.ofMinutes(10)));

    assertThatThrownBy(() -> writer.tableService().deleteTable("ReadOnly" + suffix))
        .isInstanceOfSatisfying(HttpResponseException.class, e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403))
        .hasMessageContaining("AuthorizationPermissionMismatch");
    assertThatThrownBy(() -> writer.queue("read-only-" + suffix).delete())
        .isInstanceOfSatisfying(QueueStorageException.class, e -> assertThat(e.getStatusCode()).isEqualTo(403))
        .hasMessageContaining("AuthorizationPermissionMismatch");
    assertThat(ownTable.getEntity("p", "r").getProperty("Name")).isEqualTo("kept");
    assertThat(writer.queue("read-only-" + suffix).getProperties().getApproximateMessagesCount()).isEqualTo(1);
  }

  @Test
  void theSasesThatTheCliWritesToFilesGiveEachServiceItsRights(EmbeddedRuntime runtime, ChildJvms.Launcher jvms, @TempDir Path dir)
      throws Exception {
    Path views = issueWithTheCli(runtime, jvms, dir, "views");
    Path worker = issueWithTheCli(runtime, jvms, dir, "worker");

    assertThat(Files.readString(views)).contains("sp=rl&");
    assertThat(Files.readString(worker).lines()).as("a pair: on tables and queues, and on their rows and messages")
        .satisfiesExactly(containers -> assertThat(containers).contains("srt=c&", "sp=rlacup&"),
            objects -> assertThat(objects).contains("srt=o&", "sp=rwdlaup&"));
    assertReadsButCannotWrite(new AzureClients(fromTheFile(runtime, views)));
    AzureClients writer = new AzureClients(fromTheFile(runtime, worker));
    writer.queue("read-only-" + suffix).sendMessage("added");
    assertThat(writer.queue("read-only-" + suffix).getProperties().getApproximateMessagesCount()).isEqualTo(2);
  }

  @Test
  void aSasRotatedInItsFileIsTakenWithoutARestart(EmbeddedRuntime runtime, @TempDir Path dir) throws Exception {
    Path file = dir.resolve("writer.sas");
    Files.writeString(file, ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofMinutes(10)).sasToken().orElseThrow());
    AzureClients service = new AzureClients(fromTheFile(runtime, file));
    TableClient table = service.table("ReadOnly" + suffix);
    assertThatThrownBy(() -> table.upsertEntity(new TableEntity("p", "r").addProperty("Name", "rotated")))
        .isInstanceOfSatisfying(TableServiceException.class, e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403));

    Path next = dir.resolve("writer.sas.next");
    Files.writeString(next, ServiceSas.readWrite(runtime.storageConnectionString(), Duration.ofMinutes(10)).sasToken().orElseThrow());
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);

    await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
        .untilAsserted(() -> table.upsertEntity(new TableEntity("p", "r").addProperty("Name", "rotated")));
    assertThat(ownTable.getEntity("p", "r").getProperty("Name")).isEqualTo("rotated");
    service.table("Rotated" + suffix).createTable(); // the pair's token on tables was taken too
  }

  @Test
  void noServicesCredentialCanSetTheServiceProperties(EmbeddedRuntime runtime) {
    for (StorageSettings sas : List.of(ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofMinutes(10)),
        ServiceSas.readWrite(runtime.storageConnectionString(), Duration.ofMinutes(10)))) {
      AzureClients service = new AzureClients(sas);
      assertThat(sas.sasTokens().orElseThrow().text()).doesNotContain("srt=s", "srt=cs", "srt=cos", "srt=os");
      assertThatThrownBy(() -> service.tableService().setProperties(new TableServiceProperties()))
          .isInstanceOfSatisfying(HttpResponseException.class, e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403))
          .hasMessageContaining("AuthorizationResourceTypeMismatch");
      assertThatThrownBy(() -> service.queueService().setProperties(new QueueServiceProperties()))
          .isInstanceOfSatisfying(HttpResponseException.class, e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403))
          .hasMessageContaining("AuthorizationResourceTypeMismatch");
    }
  }

  private static Path issueWithTheCli(EmbeddedRuntime runtime, ChildJvms.Launcher jvms, Path dir, String service) throws Exception {
    Path file = dir.resolve("credentials").resolve(service + ".sas");
    ChildJvm cli = jvms.start(dir.resolve(service + "-sas.out"), Map.of("TABLECAST_STORAGE_CONNECTION_STRING", runtime.storageConnectionString()),
        TablecastCli.class, "sas", "--for", service, "--valid-for", "1h", "--out", file.toString());
    assertThat(cli.awaitExitCode(Duration.ofSeconds(60))).as(cli.tail()).isZero();
    assertThat(Files.readString(file)).doesNotContain("AccountKey").contains("sig=").contains("ss=qt&");
    return file;
  }

  /** What the compose containers are given: endpoints and the file, nothing else. */
  private static StorageSettings fromTheFile(EmbeddedRuntime runtime, Path file) {
    StorageSettings settings = StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_TABLE_ENDPOINT", runtime.azurite().tableEndpoint(),
        "TABLECAST_QUEUE_ENDPOINT", runtime.azurite().queueEndpoint(),
        "TABLECAST_STORAGE_SAS_FILE", file.toString())));
    assertThat(settings.auth()).isEqualTo(StorageSettings.Auth.SAS);
    return settings;
  }

  /** The blob service refuses the SAS: it was signed for tables and queues only. */
  private static void assertNoBlobAccess(EmbeddedRuntime runtime, StorageSettings settings) {
    String blobs = Arrays.stream(runtime.storageConnectionString().split(";"))
        .filter(p -> p.startsWith("BlobEndpoint=")).findFirst().orElseThrow().substring("BlobEndpoint=".length());
    SasTokens tokens = settings.sasTokens().orElseThrow();
    for (String token : List.of(tokens.containers(), tokens.objects())) {
      HttpTestClient.Response listing = new HttpTestClient(URI.create(blobs + "/")).get("?comp=list&" + token);

      assertThat(listing.status()).as(listing.raw().body()).isEqualTo(403);
    }
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
