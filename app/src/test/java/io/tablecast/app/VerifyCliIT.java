package io.tablecast.app;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tablecast verify} run as an operator would: its exit codes and its report lines. What it
 * finds is tested in the projector's {@code VerifyIT}; here an empty log and one stray entity.
 */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class VerifyCliIT {

  private static final Duration RUN = Duration.ofSeconds(90);

  private Map<String, String> env;
  private Generation generation;
  private AzureClients azure;

  @BeforeEach
  void anEmptyPipeline(EmbeddedRuntime runtime) {
    Namespace namespace = new Namespace("vc" + ThreadLocalRandom.current().nextInt(10_000, 100_000));
    azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    new ViewCatalog(azure.tableService(), namespace, HR).initialize();
    generation = new Generation(HR, namespace, 1);
    TopicProvisioner.ensureTopics(new KafkaSettings(runtime.bootstrapServers(), 2), TopicNames.of(namespace, EventTopicNames.ALL).all());
    env = Map.of("TABLECAST_STORAGE_CONNECTION_STRING", runtime.storageConnectionString(),
        "TABLECAST_KAFKA_BOOTSTRAP", runtime.bootstrapServers(), "TABLECAST_NAMESPACE", namespace.prefix());
  }

  private ChildJvm verify(ChildJvms.Launcher jvms, Path dir, String name, Map<String, String> env) {
    return jvms.start(dir.resolve(name + ".out"), env, TablecastCli.class, "verify");
  }

  @Test
  void exitsZeroWhenTheViewsMatchTheLogAndOneWithALinePerDifference(ChildJvms.Launcher jvms, @TempDir Path dir) {
    ChildJvm clean = verify(jvms, dir, "clean", env);
    assertThat(clean.awaitExitCode(RUN)).as(clean.tail()).isZero();
    assertThat(String.join("\n", clean.output())).contains("0 difference(s)");

    azure.tableService().createTableIfNotExists(generation.table(ViewTable.ARCHIVED_EMPLOYEES));
    TableClient archive = azure.table(generation.table(ViewTable.ARCHIVED_EMPLOYEES));
    archive.createEntity(new TableEntity("Sales", "empid_00000042").addProperty("EntityType", "ArchivedEmployee"));

    ChildJvm drift = verify(jvms, dir, "drift", env);
    assertThat(drift.awaitExitCode(RUN)).as(drift.tail()).isEqualTo(1);
    assertThat(drift.output()).contains(generation.table(ViewTable.ARCHIVED_EMPLOYEES) + "\tSales\tempid_00000042\textra");
  }

  @Test
  void exitsTwoOnAConfigurationError(ChildJvms.Launcher jvms, @TempDir Path dir) {
    Map<String, String> wrong = new HashMap<>(env);
    wrong.put("TABLECAST_PARTITIONS", "zero");

    ChildJvm run = verify(jvms, dir, "wrong", wrong);

    assertThat(run.awaitExitCode(RUN)).as(run.tail()).isEqualTo(2);
  }
}
