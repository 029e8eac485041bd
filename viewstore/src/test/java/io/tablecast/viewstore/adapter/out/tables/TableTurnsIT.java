package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.testkit.Tally.TALLIES;
import static io.tablecast.testkit.Tally.VIEW_SET;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.Tally;
import io.tablecast.testkit.Tally.Tick;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Any projection's turns against Azurite: the rows the test kit folds, one EGT per partition, and races that both count. */
@ExtendWith(TablecastRuntimeExtension.class)
class TableTurnsIT {

  private final StorageProbe probe = new StorageProbe();
  private AzureClients azure;
  private Generation generation;
  private TableTurns turns;

  @BeforeEach
  void createTables(EmbeddedRuntime runtime, Namespace namespace) {
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    azure = new AzureClients(storage);
    generation = new Generation(VIEW_SET, namespace, 1);
    new GenerationStorage(azure).create(generation);
    turns = new TableTurns(new AzureClients(storage, List.of(probe)), generation);
  }

  @Test
  void aLogAppliedInTurnsLeavesTheRowsTheTestKitFolds() {
    List<Tick> log = Tally.log(7, 300);

    for (int from = 0; from < log.size(); from += 40) {
      lanes(log.subList(from, Math.min(log.size(), from + 40))).forEach(lane -> turns.apply(TALLIES, lane));
    }

    assertThat(GenerationRows.all(azure, generation)).isEqualTo(ProjectionKit.of(TALLIES).rebuilt(log));
  }

  @Test
  void aTurnReadsItsRowsOnceAndWritesEachPartitionInOneEgt_andATurnDeliveredAgainWritesNothing() {
    List<Tick> lane = IntStream.rangeClosed(1, 30).mapToObj(v -> new Tick("north", "a1", v, v)).toList();

    turns.apply(TALLIES, lane);
    List<String> first = labels();
    turns.apply(TALLIES, lane);

    assertThat(first).hasSize(3).filteredOn(label -> label.contains("EGT")).hasSize(2);
    assertThat(labels()).as("the total read, and nothing to write").hasSize(1);
    assertThat(GenerationRows.all(azure, generation).get(Tally.total("north"))).isEqualTo(Map.of("Total", 465L, "Va1", 30L));
  }

  @Test
  void lanesRacingForOneRowEachReadAgainAndBothCount() {
    List<CompletableFuture<Void>> racing = new ArrayList<>();
    for (String account : List.of("a1", "a2", "a3", "a4")) {
      racing.add(CompletableFuture.runAsync(() -> {
        for (long v = 1; v <= 15; v++) {
          turns.apply(TALLIES, List.of(new Tick("north", account, v, 1)));
        }
      }));
    }
    racing.forEach(CompletableFuture::join);

    assertThat(GenerationRows.all(azure, generation).get(Tally.total("north")))
        .isEqualTo(Map.of("Total", 60L, "Va1", 15L, "Va2", 15L, "Va3", 15L, "Va4", 15L));
  }

  private static List<List<Tick>> lanes(List<Tick> batch) {
    Map<String, List<Tick>> lanes = new LinkedHashMap<>();
    batch.forEach(tick -> lanes.computeIfAbsent(tick.account(), a -> new ArrayList<>()).add(tick));
    return new ArrayList<>(lanes.values());
  }

  private List<String> labels() {
    return probe.drain().samples().stream().map(StorageProbe.Sample::label).toList();
  }

}
