package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.testkit.Tally.TALLIES;
import static io.tablecast.testkit.Tally.VIEW_SET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.BinaryData;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projection.Projection;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.Tally;
import io.tablecast.testkit.Tally.Tick;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Mono;

/**
 * Any projection's turns against Azurite: the rows the test kit folds, one EGT per partition, races
 * that both count, an outage between two EGTs that loses nothing, and the projector's turns that
 * fold over the rows they wrote last without reading them, checked by the EGT that writes them.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class TableTurnsIT {

  /** Tally's totals alone: every write of a turn lies in the partition of the row it declared. */
  private static final Projection<Tick> TOTALS_ONLY = Projection.of("totals", VIEW_SET, tick -> Optional.of(tick.account()),
      TALLIES::reads, (rows, tick) -> TALLIES.fold(rows, tick).stream().filter(change -> change.ref().table().equals(Tally.TOTALS))
          .toList());

  private final StorageProbe probe = new StorageProbe();
  private final OneOutage outage = new OneOutage();
  private AzureClients azure;
  private Generation generation;
  private AzureClients probed;
  private TableTurns turns;

  @BeforeEach
  void createTables(EmbeddedRuntime runtime, Namespace namespace) {
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    azure = new AzureClients(storage);
    generation = new Generation(VIEW_SET, namespace, 1);
    new GenerationStorage(azure).create(generation);
    probed = new AzureClients(storage, List.of(outage, probe));
    turns = new TableTurns(probed, generation);
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

    assertThat(first).as("the total read; the ticks' EGT; the total alone in its partition, one replace")
        .hasSize(3).filteredOn(label -> label.contains("EGT")).hasSize(1);
    assertThat(labels()).as("the total read, and nothing to write").hasSize(1);
    assertThat(GenerationRows.all(azure, generation).get(Tally.total("north"))).isEqualTo(Map.of("Total", 465L, "Va1", 30L));
  }

  @Test
  void twoRememberingProcessesThatTakeTheLanesInTurnStillLeaveTheRowsTheTestKitFolds() {
    List<Tick> log = Tally.log(11, 400);
    List<TableTurns> processes = List.of(TableTurns.remembering(probed, generation), TableTurns.remembering(probed, generation));

    for (int from = 0, batch = 0; from < log.size(); from += 25, batch++) {
      TableTurns process = processes.get(batch / 3 % 2); // three batches each, then the other: each one's rows go stale
      List<List<Tick>> lanes = lanes(log.subList(from, Math.min(log.size(), from + 25)));
      lanes.forEach(lane -> process.apply(TALLIES, lane));
      if (batch % 5 == 0) {
        lanes.forEach(lane -> process.apply(TALLIES, lane)); // delivered again
      }
    }

    assertThat(GenerationRows.all(azure, generation)).isEqualTo(ProjectionKit.of(TALLIES).rebuilt(log));
  }

  @Test
  void aRememberingTurnOverRowsItWroteLastWritesOneEgtWithoutReading_andAnEventDeliveredAgainIsRead() {
    TableTurns remembering = TableTurns.remembering(probed, generation);

    remembering.apply(TOTALS_ONLY, List.of(new Tick("north", "a1", 1, 5)));
    List<String> firstTouch = labels();
    remembering.apply(TOTALS_ONLY, List.of(new Tick("north", "a1", 2, 7), new Tick("north", "a1", 3, 1)));
    List<String> known = labels();
    remembering.apply(TOTALS_ONLY, List.of(new Tick("north", "a1", 3, 1)));
    List<String> again = labels();
    remembering.apply(TALLIES, List.of(new Tick("north", "a1", 4, 2)));
    List<String> twoPartitions = labels();

    assertThat(firstTouch).as("a row it does not know is inserted, unread").singleElement().asString().endsWith("insert");
    assertThat(known).as("the total as it wrote it, replaced on its ETag").singleElement().asString().endsWith("replace");
    assertThat(again).as("nothing to write checks nothing: the total is read").singleElement().asString().endsWith("read");
    assertThat(twoPartitions).as("a tick row in another partition: read, then the tick's EGT, the total's last").hasSize(3)
        .satisfies(labels -> assertThat(labels.get(2)).contains("Totals"));
    assertThat(GenerationRows.all(azure, generation).get(Tally.total("north"))).isEqualTo(Map.of("Total", 15L, "Va1", 4L));
  }

  @Test
  void aRowAnotherWriterChangedOrWroteFirstFailsTheEgtAndTheTurnIsReadAndFoldedAgain() {
    TableTurns remembering = TableTurns.remembering(probed, generation);
    TableTurns other = new TableTurns(azure, generation);
    other.apply(TALLIES, List.of(new Tick("north", "a2", 1, 100)));

    remembering.apply(TOTALS_ONLY, List.of(new Tick("north", "a1", 1, 5))); // takes the total for absent: the insert fails
    other.apply(TALLIES, List.of(new Tick("north", "a2", 2, 1000)));
    remembering.apply(TOTALS_ONLY, List.of(new Tick("north", "a1", 2, 7))); // its ETag is stale: the replace fails

    assertThat(labels()).as("insert lost, read, replace; replace lost, read, replace")
        .filteredOn(label -> label.endsWith("read")).hasSize(2);
    assertThat(GenerationRows.all(azure, generation).get(Tally.total("north")))
        .isEqualTo(Map.of("Total", 1112L, "Va1", 2L, "Va2", 2L));
  }

  @Test
  void aRowThatOnlyAStoredRowNamesIsReadInASecondRound_deletedOnItsEtag_andKnownToARememberingTurn() {
    List<Tick> log = Tally.log(5, 200);
    for (int from = 0; from < log.size(); from += 20) {
      lanes(log.subList(from, Math.min(log.size(), from + 20))).forEach(lane -> turns.apply(Tally.LATEST, lane));
    }
    assertThat(GenerationRows.all(azure, generation)).as("the latest tick and its one copy, per account")
        .isEqualTo(ProjectionKit.of(Tally.LATEST).rebuilt(log));
    labels();

    turns.apply(Tally.LATEST, List.of(new Tick("b1", "z", 1, 10)));
    List<String> first = labels();
    turns.apply(Tally.LATEST, List.of(new Tick("b1", "z", 2, 20)));
    List<String> second = labels();
    TableTurns remembering = TableTurns.remembering(probed, generation);
    remembering.apply(Tally.LATEST, List.of(new Tick("b1", "y", 1, 10)));
    labels();
    remembering.apply(Tally.LATEST, List.of(new Tick("b1", "y", 2, 20)));
    List<String> known = labels();

    assertThat(first).as("a first tick: its declared rows read, nothing named after them, one EGT").last().asString().contains("EGT");
    assertThat(second).as("the next: the same reads, one more for the old copy the latest names, one EGT").hasSize(first.size() + 1)
        .last().asString().contains("EGT");
    assertThat(known).as("the rows it wrote last, the old copy among them: one EGT, no read").singleElement().asString().contains("EGT");
    assertThat(GenerationRows.all(azure, generation)).containsEntry(Tally.latest("z"), Map.of("Amount", 20L, "Version", 2L))
        .containsKey(Tally.latestCopy("z", 20)).doesNotContainKey(Tally.latestCopy("z", 10))
        .containsKey(Tally.latestCopy("y", 20)).doesNotContainKey(Tally.latestCopy("y", 10));
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

  @Test
  void aTurnStoppedByAnOutageBetweenItsEgtsIsAppliedWholeWhenAppliedAgain() {
    List<Tick> ticks = List.of(new Tick("b1", "a1", 1, 10), new Tick("b2", "a2", 1, 20));
    Map<Tick, ViewSet.Table> failing = Map.of(ticks.get(0), Tally.TICKS, ticks.get(1), Tally.TOTALS);

    for (Tick tick : ticks) {
      outage.failNextEgtOf(generation.table(failing.get(tick)));
      assertThatThrownBy(() -> turns.apply(TALLIES, List.of(tick))).hasMessageContaining("outage");
      turns.apply(TALLIES, List.of(tick)); // the batch, tried again
    }

    assertThat(GenerationRows.all(azure, generation)).isEqualTo(ProjectionKit.of(TALLIES).rebuilt(ticks));
  }

  /**
   * Fails the next write to a table (an EGT, or a partition's single write), once, before the
   * retries and the service: an outage between two writes of a turn.
   */
  private static final class OneOutage implements HttpPipelinePolicy {

    private volatile String table;

    void failNextEgtOf(String tableName) {
      table = tableName;
    }

    @Override
    public HttpPipelinePosition getPipelinePosition() {
      return HttpPipelinePosition.PER_CALL;
    }

    @Override
    public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
      return failing(context.getHttpRequest()) ? Mono.error(new IllegalStateException("outage")) : next.process();
    }

    @Override
    public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
      if (failing(context.getHttpRequest())) {
        throw new IllegalStateException("outage");
      }
      return next.processSync();
    }

    private boolean failing(HttpRequest request) {
      String name = table;
      BinaryData body = request.getBodyAsBinaryData();
      String text = body == null ? "" : body.toString();
      boolean writesIt = text.contains("/" + name + "(") || text.contains("/" + name + " "); // an upsert or replace, or an insert
      String path = request.getUrl().getPath();
      boolean single = request.getHttpMethod() != HttpMethod.GET && (path.endsWith("/" + name) || path.contains("/" + name + "("));
      if (name != null && (path.endsWith("$batch") && writesIt || single)) {
        table = null;
        return true;
      }
      return false;
    }
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
