package io.tablecast.operations.viewsets;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogState;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.Tally;
import io.tablecast.testkit.Tally.Tick;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.GenerationRows;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import io.tablecast.viewstore.adapter.out.tables.ViewStoreBootstrap;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A rebuild and a verify of a view set the engine knows only through the projection API, against the real broker and Azurite. */
@ExtendWith(TablecastRuntimeExtension.class)
class ViewSetRebuildIT {

  @Test
  void aRebuildThatDidNotFinishStartsAgain_andFlipsToAGenerationHoldingWhatTheLogFolds_whichVerifyChecksRowByRow(EmbeddedRuntime runtime,
      Namespace namespace)
      throws Exception {
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 3);
    AzureClients azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    List<Tick> log = Tally.log(21, 200);
    Map<Integer, Long> last = produce(kafka, namespace, log);
    ViewStoreBootstrap.ensure(azure, namespace, Tally.VIEW_SET);
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, Tally.VIEW_SET);
    Generation killed = catalog.generation(2);
    catalog.propose(catalog.readVersioned(), killed.number());
    new GenerationStorage(azure).create(killed);
    azure.table(killed.table(Tally.TOTALS)).upsertEntity(new TableEntity("b9", "total").addProperty("Total", 999L));

    List<String> progress = new ArrayList<>();
    Generation active = new ViewSetRebuild<>(kafka, azure, namespace, Tally.PROJECTED, progress::add, Duration.ofMillis(100),
        Clock.systemUTC()).run(false).generation();

    assertThat(active).isEqualTo(killed);
    assertThat(catalog.read()).isEqualTo(new CatalogState(2, OptionalInt.empty()));
    assertThat(GenerationRows.all(azure, active)).isEqualTo(ProjectionKit.of(Tally.PROJECTED.projections()).rebuilt(log));
    Map<Integer, Long> applied = new HashMap<>();
    CheckpointRows.applied(azure.table(new CatalogTables(namespace).projectorCheckpoints()), active)
        .forEach((key, offset) -> applied.put(Integer.parseInt(key.substring(key.lastIndexOf('-') + 1)), offset));
    assertThat(applied).as("the live projector resumes after the ends the rebuild folded").isEqualTo(last);
    assertThat(progress).anyMatch(line -> line.contains("did not finish; it starts again from the log"))
        .contains("ViewCatalog flipped: generation 2 of view set tally is active");
    assertThat(azure.tableService().listTables().stream().map(t -> t.getName()))
        .as("generation 1, dropped").doesNotContainAnyElementsOf(catalog.generation(1).tables());

    ViewSetVerify<Tick> verify = new ViewSetVerify<>(kafka, azure, namespace, Tally.PROJECTED);
    ViewSetVerify.Report clean = verify.run();
    assertThat(clean.differences()).isEmpty();
    assertThat(clean.eventsRead()).isEqualTo(log.size());
    azure.table(active.table(Tally.TOTALS)).deleteEntity("b0", "total");
    azure.table(active.table(Tally.TOTALS)).upsertEntity(new TableEntity("b1", "total").addProperty("Total", -1L));
    azure.table(active.table(Tally.TICKS)).upsertEntity(new TableEntity("a9", "0000000001").addProperty("Amount", 5L));
    ViewSetVerify.Report tampered = verify.run();
    assertThat(tampered.differences()).hasSize(3);
    assertThat(tampered.differences().get(0)).startsWith("Ticks\ta9\t0000000001\tunexpected");
    assertThat(tampered.differences().get(1)).isEqualTo("Totals\tb0\ttotal\tmissing");
    assertThat(tampered.differences().get(2)).startsWith("Totals\tb1\ttotal\tdifferent\texpected {Total=").contains(", found {Total=-1, ");
    assertThat(tampered.rowsFound()).isEqualTo(clean.rowsFound());
  }

  @Test
  void aDryRunLeavesItsGenerationPendingForTheNextRunToFlipWithoutFoldingAgain_andAbortDropsAPendingGenerationEvenWhileItIsBuilt(
      EmbeddedRuntime runtime, Namespace namespace) throws Exception {
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 3);
    AzureClients azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    List<Tick> log = Tally.log(13, 150);
    produce(kafka, namespace, log);
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, Tally.VIEW_SET);
    List<String> progress = new ArrayList<>();
    ViewSetRebuild<Tick> rebuild = new ViewSetRebuild<>(kafka, azure, namespace, Tally.PROJECTED, progress::add, Duration.ofMillis(100),
        Clock.systemUTC());

    assertThat(rebuild.run(true)).isEqualTo(new ViewSetRebuild.Outcome(ViewSetRebuild.Ending.BUILT, catalog.generation(2)));
    assertThat(catalog.read()).as("built, still pending").isEqualTo(new CatalogState(1, OptionalInt.of(2)));
    Map<RowRef, Map<String, Object>> folded = ProjectionKit.of(Tally.PROJECTED.projections()).rebuilt(log);
    assertThat(GenerationRows.all(azure, catalog.generation(2))).isEqualTo(folded);
    progress.clear();
    assertThat(rebuild.run(false)).isEqualTo(new ViewSetRebuild.Outcome(ViewSetRebuild.Ending.FLIPPED, catalog.generation(2)));
    assertThat(progress).contains("Generation 2 of view set tally was built earlier; it is not folded again")
        .noneMatch(line -> line.startsWith("folded"));
    assertThat(catalog.read()).isEqualTo(new CatalogState(2, OptionalInt.empty()));
    assertThat(GenerationRows.all(azure, catalog.generation(2))).isEqualTo(folded);

    List<OptionalInt> dropped = new ArrayList<>();
    ViewSetRebuild<Tick> abortedMidway = new ViewSetRebuild<>(kafka, azure, namespace, Tally.PROJECTED, line -> {
      progress.add(line);
      if (line.startsWith("folded") && dropped.isEmpty()) {
        dropped.add(ViewSetRebuild.abort(azure, namespace, Tally.VIEW_SET));
      }
    }, Duration.ofMillis(100), Clock.systemUTC());
    assertThat(abortedMidway.run(false)).isEqualTo(new ViewSetRebuild.Outcome(ViewSetRebuild.Ending.ABORTED, catalog.generation(3)));
    assertThat(dropped).containsExactly(OptionalInt.of(3));
    assertThat(catalog.read()).as("the live generation, untouched").isEqualTo(new CatalogState(2, OptionalInt.empty()));
    assertThat(azure.tableService().listTables().stream().map(t -> t.getName()).toList())
        .containsAll(catalog.generation(2).tables()).doesNotContainAnyElementsOf(catalog.generation(3).tables());
    assertThat(GenerationRows.all(azure, catalog.generation(2))).isEqualTo(folded);
    assertThat(ViewSetRebuild.abort(azure, namespace, Tally.VIEW_SET)).as("nothing pending").isEmpty();
  }

  /** Sends the ticks to the view set's topic, each account in one partition; returns the last offset of each partition. */
  private static Map<Integer, Long> produce(KafkaSettings kafka, Namespace namespace, List<Tick> log) throws Exception {
    String topic = namespace.topic(Tally.TOPIC);
    TopicProvisioner.ensureTopics(kafka, List.of(topic));
    Map<Integer, Long> last = new HashMap<>();
    Properties config = new Properties();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (Tick tick : log) {
        int partition = Integer.parseInt(tick.account().substring(1)) % 3;
        last.put(partition, producer.send(new ProducerRecord<>(topic, partition, null, tick.encoded())).get().offset());
      }
    }
    return last;
  }
}
