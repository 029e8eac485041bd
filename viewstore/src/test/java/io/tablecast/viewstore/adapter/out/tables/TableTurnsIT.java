package io.tablecast.viewstore.adapter.out.tables;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Any projection's turns against Azurite: the rows the test kit folds, one EGT per partition, and races that both count. */
@ExtendWith(TablecastRuntimeExtension.class)
class TableTurnsIT {

  private record Table(String baseName) implements ViewSet.Table {}

  private static final Table TOTALS = new Table("Totals");
  private static final Table TICKS = new Table("Ticks");
  private static final ViewSet TALLY = ViewSet.of("tally", List.of(TOTALS, TICKS), List.of());

  private static RowRef total(String branch) {
    return new RowRef(TOTALS, branch, "total");
  }

  /** An account's tick: its version counts the account's ticks; branches total their accounts' ticks. */
  private record Tick(String branch, String account, long version, long amount) {}

  /** A branch's total, with the version of each account it has counted; and each account's ticks, written blind. */
  private static final Projection<Tick> TALLIES = new Projection<>() {
    @Override
    public String name() {
      return "tallies";
    }

    @Override
    public ViewSet viewSet() {
      return TALLY;
    }

    @Override
    public Optional<String> lane(Tick tick) {
      return Optional.of(tick.account());
    }

    @Override
    public Set<RowRef> reads(Tick tick) {
      return Set.of(total(tick.branch()));
    }

    @Override
    public List<RowChange> fold(Rows rows, Tick tick) {
      Map<String, Object> total = new HashMap<>(rows.get(total(tick.branch())).orElse(Map.of("Total", 0L)));
      String counted = "V" + tick.account();
      if ((long) total.getOrDefault(counted, 0L) >= tick.version()) {
        return List.of();
      }
      total.put("Total", (long) total.get("Total") + tick.amount());
      total.put(counted, tick.version());
      return List.of(new RowChange.Put(total(tick.branch()), total),
          new RowChange.Put(new RowRef(TICKS, tick.account(), String.format("%010d", tick.version())), Map.of("Amount", tick.amount())));
    }
  };

  private final StorageProbe probe = new StorageProbe();
  private AzureClients azure;
  private Generation generation;
  private TableTurns turns;

  @BeforeEach
  void createTables(EmbeddedRuntime runtime, Namespace namespace) {
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    azure = new AzureClients(storage);
    generation = new Generation(TALLY, namespace, 1);
    new GenerationStorage(azure).create(generation);
    turns = new TableTurns(new AzureClients(storage, List.of(probe)), generation);
  }

  @Test
  void aLogAppliedInTurnsLeavesTheRowsTheTestKitFolds() {
    List<Tick> log = log(new Random(7), 300);

    for (int from = 0; from < log.size(); from += 40) {
      lanes(log.subList(from, Math.min(log.size(), from + 40))).forEach(lane -> turns.apply(TALLIES, lane));
    }

    assertThat(stored()).isEqualTo(ProjectionKit.of(TALLIES).rebuilt(log));
  }

  @Test
  void aTurnReadsItsRowsOnceAndWritesEachPartitionInOneEgt_andATurnDeliveredAgainWritesNothing() {
    List<Tick> lane = IntStream.rangeClosed(1, 30).mapToObj(v -> new Tick("north", "a1", v, v)).toList();

    turns.apply(TALLIES, lane);
    List<String> first = labels();
    turns.apply(TALLIES, lane);

    assertThat(first).hasSize(3).filteredOn(label -> label.contains("EGT")).hasSize(2);
    assertThat(labels()).as("the total read, and nothing to write").hasSize(1);
    assertThat(stored().get(new RowRef(TOTALS, "north", "total"))).isEqualTo(Map.of("Total", 465L, "Va1", 30L));
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

    assertThat(stored().get(new RowRef(TOTALS, "north", "total")))
        .isEqualTo(Map.of("Total", 60L, "Va1", 15L, "Va2", 15L, "Va3", 15L, "Va4", 15L));
  }

  private static List<Tick> log(Random random, int size) {
    Map<String, Long> versions = new HashMap<>();
    List<Tick> log = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      String account = "a" + random.nextInt(8);
      String branch = "b" + (account.hashCode() % 3);
      log.add(new Tick(branch, account, versions.merge(account, 1L, Long::sum), random.nextInt(100) - 50));
    }
    return log;
  }

  private static List<List<Tick>> lanes(List<Tick> batch) {
    Map<String, List<Tick>> lanes = new LinkedHashMap<>();
    batch.forEach(tick -> lanes.computeIfAbsent(tick.account(), a -> new ArrayList<>()).add(tick));
    return new ArrayList<>(lanes.values());
  }

  private List<String> labels() {
    return probe.drain().samples().stream().map(StorageProbe.Sample::label).toList();
  }

  private Map<RowRef, Map<String, Object>> stored() {
    Map<RowRef, Map<String, Object>> rows = new HashMap<>();
    for (ViewSet.Table table : TALLY.tables()) {
      for (TableEntity entity : azure.table(generation.table(table)).listEntities()) {
        rows.put(new RowRef(table, entity.getPartitionKey(), entity.getRowKey()), TableRows.fromTable(entity).row().properties());
      }
    }
    return rows;
  }
}
