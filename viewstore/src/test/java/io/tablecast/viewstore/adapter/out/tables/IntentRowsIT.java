package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.testkit.Tally.AMOUNTS;
import static io.tablecast.testkit.Tally.LATEST;
import static io.tablecast.testkit.Tally.VIEW_SET;
import static io.tablecast.testkit.Tally.filed;
import static io.tablecast.testkit.Tally.filedUnder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projection.RowRef;
import io.tablecast.testkit.MovableClock;
import io.tablecast.testkit.StorageFaults;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.Tally;
import io.tablecast.testkit.Tally.Tick;
import io.tablecast.viewstore.application.work.WorkDeferred;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A step's intent row ({@link io.tablecast.projection.WorkStep#intentRow}) against Azurite, with
 * Tally's {@code amounts} step, which files an account under its latest amount: a turn cut short
 * between partitions, a lease another turn holds, turns of one item side by side while its truth
 * changes, and items that carry their truth ({@link io.tablecast.projection.WorkStep#carried}).
 */
@ExtendWith(TablecastRuntimeExtension.class)
class IntentRowsIT {

  private static final Duration LEASE = Duration.ofSeconds(20);

  private final StorageFaults faults = new StorageFaults(1);
  private final StorageProbe probe = new StorageProbe();
  private final MovableClock clock = new MovableClock(Instant.parse("2026-12-02T08:00:00Z"));
  private final ExecutorService readers = Executors.newFixedThreadPool(4);
  private AzureClients azure;
  private Generation generation;
  private TableTurns truth;
  private TableTurns steps;

  @BeforeEach
  void createTables(EmbeddedRuntime runtime, Namespace namespace) {
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    azure = new AzureClients(storage);
    generation = new Generation(VIEW_SET, namespace, 1);
    new GenerationStorage(azure).create(generation);
    truth = new TableTurns(azure, generation);
    steps = TableTurns.reading(new AzureClients(storage, List.of(faults, probe)), generation, readers, LEASE, clock);
  }

  @AfterEach
  void stopReaders() {
    readers.shutdownNow();
  }

  @Test
  void aTurnCutShortAfterItsIntent_leavesIt_andTheNextTurnDeletesWhatTheLastMayHaveWritten() {
    tick(1, 10);
    steps.applyItems(AMOUNTS.turn(List.of("a1")));
    assertThat(filedAmounts()).containsExactly(10L);
    assertThat(row(filed("a1"))).isEqualTo(Map.of("Filed", 10L));

    tick(2, 20);
    faults.refuseWrites("amount10"); // the entry under 20 is written, the one under 10 cannot be deleted
    assertThatThrownBy(() -> steps.applyItems(AMOUNTS.turn(List.of("a1")))).hasMessageContaining("403");
    assertThat(filedAmounts()).as("cut short between its partitions").containsExactly(10L, 20L);
    assertThat(row(filed("a1"))).as("the intent kept, its lease given back").isEqualTo(Map.of("Filed", 20L, "Stale", "10"));

    faults.refuseWrites(null);
    tick(3, 30);
    steps.applyItems(AMOUNTS.turn(List.of("a1")));

    assertThat(filedAmounts()).as("the entry under 20, which only the intent named, deleted too").containsExactly(30L);
    assertThat(row(filed("a1"))).isEqualTo(Map.of("Filed", 30L));
  }

  @Test
  void anItemWhoseIntentRowAnotherTurnHolds_isSetAside_untilItsLeaseEnds_andThenFinishesThatTurnsWork() {
    tick(1, 10);
    steps.applyItems(AMOUNTS.turn(List.of("a1")));
    tick(2, 20);
    TableEntity dead = new TableEntity("latest-a1", "filed").addProperty("Filed", 20L).addProperty("Stale", "10")
        .addProperty(TableTurns.LEASE_OWNER, "a worker that died").addProperty(TableTurns.LEASE_UNTIL, clock.millis() + 5_000);
    azure.table(generation.table(Tally.TOTALS)).upsertEntity(dead);

    TableTurns.Aside aside = steps.applyItems(AMOUNTS.turn(List.of("a1")));

    assertThat(aside.held()).containsOnlyKeys(0);
    assertThat(aside.held().get(0)).contains("another turn holds", "filed");
    assertThat(filedAmounts()).as("nothing written while held").containsExactly(10L);

    clock.advance(Duration.ofSeconds(6));
    assertThat(steps.applyItems(AMOUNTS.turn(List.of("a1"))).isEmpty()).isTrue();

    assertThat(filedAmounts()).containsExactly(20L);
    assertThat(row(filed("a1"))).as("settled, no lease").isEqualTo(Map.of("Filed", 20L));
  }

  @Test
  void aTurnThatLosesARace_readsItsTruthAgain_andLeavesWhatTheWinnerFiled() {
    tick(1, 10);
    steps.applyItems(AMOUNTS.turn(List.of("a1")));
    tick(2, 20);
    TableTurns other = TableTurns.reading(azure, generation, readers, LEASE, clock);
    faults.beforeWrite("latest-a1", () -> { // after this turn read the truth at 20, the truth moves on and another turn files it
      tick(3, 30);
      other.applyItems(AMOUNTS.turn(List.of("a1")));
    });

    assertThat(steps.applyItems(AMOUNTS.turn(List.of("a1"))).isEmpty()).isTrue();

    assertThat(filedAmounts()).as("filed under the latest amount, not under the one read before the lost race").containsExactly(30L);
    assertThat(row(filed("a1"))).isEqualTo(Map.of("Filed", 30L));
  }

  @Test
  void aSecondTurnOfTheSameProcessOnTheSameRows_waitsForTheFirstToWrite_insteadOfRacingIt() throws Exception {
    tick(1, 10);
    steps.applyItems(AMOUNTS.turn(List.of("a1")));
    tick(2, 20);
    ExecutorService second = Executors.newSingleThreadExecutor();
    List<Future<TableTurns.Aside>> later = new ArrayList<>();
    AtomicBoolean doneBeforeTheFirstWrote = new AtomicBoolean();
    faults.beforeWrite("latest-a1", () -> { // the first turn has read a1 and is about to write: the second comes now
      later.add(second.submit(() -> steps.applyItems(AMOUNTS.turn(List.of("a1")))));
      sleep(Duration.ofSeconds(1));
      doneBeforeTheFirstWrote.set(later.get(0).isDone());
    });
    probe.drain();

    assertThat(steps.applyItems(AMOUNTS.turn(List.of("a1"))).isEmpty()).isTrue();

    assertThat(doneBeforeTheFirstWrote).as("the second turn waits for the first's partitions").isFalse();
    assertThat(later.get(0).get(10, TimeUnit.SECONDS).isEmpty()).as("the second turn ran once the first had written").isTrue();
    second.shutdown();
    assertThat(probe.drain().samples()).as("no write lost a race").noneMatch(sample -> sample.status() == 409 || sample.status() == 412);
    assertThat(filedAmounts()).containsExactly(20L);
    assertThat(row(filed("a1"))).isEqualTo(Map.of("Filed", 20L));
  }

  @Test
  void aTurnOfSeveralItemsThatLosesARaceOnOneItemsRow_goesOnOneItemAtATime_soThatTheNextRaceCostsOnlyTheItemThatLostIt() {
    List<String> accounts = List.of("a1", "a2", "a3");
    accounts.forEach(account -> tick(account, 1, 10));
    steps.applyItems(AMOUNTS.turn(accounts));
    accounts.forEach(account -> tick(account, 2, 20));
    TableTurns other = TableTurns.reading(azure, generation, readers, LEASE, clock);
    faults.beforeWrite("latest-a2", () -> { // a2's truth moves on and another turn files it first; then again, once this turn read it
      tick("a2", 3, 30);
      other.applyItems(AMOUNTS.turn(List.of("a2")));
      tick("a2", 4, 40);
      faults.beforeWrite("latest-a2", () -> other.applyItems(AMOUNTS.turn(List.of("a2"))));
    });
    probe.drain();

    assertThat(steps.applyItems(AMOUNTS.turn(accounts)).isEmpty()).isTrue();

    assertThat(probe.drain().samples().stream().map(StorageProbe.Sample::label)
        .filter(label -> label.startsWith(generation.table(Tally.TOTALS)) && label.contains(" read")))
        .as("the 3 items' truths together; after the race, a1 and a3 each alone, a2 alone twice (its truth and its intent row "
            + "again after its own race); read again whole after each race, the turn reads 11").hasSize(9);
    assertThat(accounts.stream().map(account -> row(filed(account))))
        .containsExactly(Map.of("Filed", 20L), Map.of("Filed", 40L), Map.of("Filed", 20L));
  }

  @Test
  void aTurnOfSeveralItemsThatGoesApartAfterARace_keepsItsLeases_andEachItemSettlesItsIntentRowWithoutWritingItAgainFirst() {
    List<String> accounts = List.of("a1", "a2", "a3");
    accounts.forEach(account -> tick(account, 1, account.equals("a2") ? 15 : 10));
    steps.applyItems(AMOUNTS.turn(accounts));
    accounts.forEach(account -> tick(account, 2, 20));
    String entries = generation.table(Tally.ACCOUNT_INDEX);
    faults.beforeWrite("amount15", () -> // another writer changes a2's old entry first: the turn's delete there fails on it
        azure.table(entries).updateEntity(new TableEntity("amount15", "a2").addProperty("Version", 5L)));
    probe.drain();

    assertThat(steps.applyItems(AMOUNTS.turn(accounts)).isEmpty()).isTrue();

    assertThat(probe.drain().samples().stream().map(StorageProbe.Sample::label)
        .filter(label -> label.startsWith(generation.table(Tally.TOTALS)) && !label.endsWith(" read")))
        .as("each intent row under the turn's lease, then settled by its item alone; giving the leases back after the race"
            + " writes each once more (9)").hasSize(6);
    assertThat(accounts.stream().map(account -> row(filed(account)))).containsOnly(Map.of("Filed", 20L));
    assertThat(azure.table(entries).listEntities().stream().map(row -> row.getPartitionKey() + "/" + row.getRowKey()))
        .containsExactlyInAnyOrder("amount20/a1", "amount20/a2", "amount20/a3");
  }

  @Test
  void aTurnOfSeveralItemsThatLosesARaceInAPartitionTheyAllWrite_isReadAgainWhole_soThatTheyStillShareOneEgtThere() {
    List<String> accounts = IntStream.rangeClosed(1, 8).mapToObj(i -> "a" + i).toList();
    accounts.forEach(account -> tick(account, 1, 20));
    String entries = generation.table(Tally.ACCOUNT_INDEX);
    faults.beforeWrite("$batch", () -> // another writer files a2 under 20 first: the items' EGT there fails on it
        azure.table(entries).createEntity(new TableEntity("amount20", "a2").addProperty("Version", 1L)));
    probe.drain();

    assertThat(steps.applyItems(AMOUNTS.turn(accounts)).isEmpty()).isTrue();

    assertThat(probe.drain().samples().stream().map(StorageProbe.Sample::label).filter(label -> label.startsWith(entries)
        && !label.endsWith(" read"))).as("the 8 entries under 20 in one EGT, which lost; then the 7 left in one (one item at a time"
            + " writes 7)").containsExactly(entries + " EGT", entries + " EGT");
    assertThat(accounts.stream().map(account -> row(filed(account)))).containsOnly(Map.of("Filed", 20L));
    assertThat(azure.table(entries).listEntities().stream().filter(row -> row.getPartitionKey().equals("amount20")))
        .extracting(TableEntity::getRowKey).containsExactlyInAnyOrderElementsOf(accounts);
  }

  @Test
  void itemsThatGoOnAloneAfterTheirTurnLostARaceOnTrust_takeNothingOnTrustAnyMore_soThatNoneFailsOnWhatTheTurnWroteForIt() {
    List<String> accounts = List.of("a1", "a2", "a3");
    accounts.forEach(account -> tick(account, 1, 10));
    tick("a2", 2, 20);
    steps.applyItems(AMOUNTS.turn(List.of("a2")), true); // a later item of a2's ran first: a2's intent row is there
    probe.drain();

    List<String> carrying = accounts.stream().map(account -> Tally.amountsItem(new Tick("b1", account, 1, 10))).toList();
    assertThat(steps.applyItems(AMOUNTS.turn(carrying), true).isEmpty()).isTrue();

    assertThat(probe.drain().samples().stream().filter(sample -> sample.status() == 409).map(StorageProbe.Sample::label))
        .as("a2's intent row, which the turn of three inserted on trust; on trust alone, each item would insert again the intent row"
            + " the turn had inserted for it").containsExactly(generation.table(Tally.TOTALS) + " insert");
    assertThat(accounts.stream().map(account -> row(filed(account))))
        .containsExactly(Map.of("Filed", 10L), Map.of("Filed", 20L), Map.of("Filed", 10L));
    assertThat(filedUnder10()).containsExactlyInAnyOrder("a1", "a3");
  }

  @Test
  void theLeaseOfARunKnownToHaveDied_isNotWaitedOut() {
    tick(1, 10);
    steps.applyItems(AMOUNTS.turn(List.of("a1")));
    tick(2, 20);
    TableEntity dead = new TableEntity("latest-a1", "filed").addProperty("Filed", 20L).addProperty("Stale", "10")
        .addProperty(TableTurns.LEASE_OWNER, "crashed-run/7f3a").addProperty(TableTurns.LEASE_UNTIL, clock.millis() + 60_000);
    azure.table(generation.table(Tally.TOTALS)).upsertEntity(dead);
    WorkerSettings settings = WorkerSettings.DEFAULT.withInstance("next-run");
    TableTurns afterTheCrash = TableTurns.reading(azure, generation, readers, settings, Optional.of("crashed-run"), clock);

    assertThat(steps.applyItems(AMOUNTS.turn(List.of("a1"))).held()).as("another instance's lease holds").containsOnlyKeys(0);
    assertThat(afterTheCrash.applyItems(AMOUNTS.turn(List.of("a1"))).isEmpty()).isTrue();

    assertThat(filedAmounts()).containsExactly(20L);
    assertThat(row(filed("a1"))).isEqualTo(Map.of("Filed", 20L));
  }

  @Test
  void aTurnPastAThirdOfItsLeaseSinceItsMessageCame_stopsBeforeItsFirstWrite() {
    tick(1, 10);
    long received = System.nanoTime() - LEASE.toNanos() / 3 - 1;

    assertThatThrownBy(() -> steps.applyItems(AMOUNTS.turn(List.of("a1")), false, received, LEASE)).isInstanceOf(WorkDeferred.class)
        .hasMessageContaining("third of its lease");

    assertThat(filedAmounts()).isEmpty();
    assertThat(row(filed("a1"))).isNull();
  }

  /** So that its message is given back before it reappears for another worker: receptions that record no reason look like crashes. */
  @Test
  void aTurnPastThreeQuartersOfItsMessagesVisibility_stopsBeforeItsFirstWrite_evenWithinAThirdOfItsLease() {
    tick(1, 10);
    Duration visibility = Duration.ofSeconds(4);
    long received = System.nanoTime() - Duration.ofSeconds(3).toNanos() - 1;

    assertThatThrownBy(() -> steps.applyItems(AMOUNTS.turn(List.of("a1")), false, received, visibility)).isInstanceOf(WorkDeferred.class)
        .hasMessageContaining("visibility timeout");

    assertThat(filedAmounts()).isEmpty();
  }

  @Test
  void aMessageTooLargeForItsTime_doesItsFirstSlice_andSetsTheSlicesNotBegunAsideForItsNextDelivery() {
    List<String> accounts = IntStream.rangeClosed(1, TableTurns.ITEMS_PER_SLICE + 50).mapToObj(i -> "x" + i).toList();
    truth.apply(LATEST, accounts.stream().map(account -> new Tick("b1", account, 1, 10)).toList());
    Duration visibility = Duration.ofSeconds(12); // the turn's time is a third of the 20 s lease: a slice not begun after 3.3 s waits
    long received = System.nanoTime() - Duration.ofMillis(3_500).toNanos();

    TableTurns.Aside aside = steps.applyItems(AMOUNTS.turn(accounts), false, received, visibility);

    assertThat(aside.held()).containsOnlyKeys(IntStream.range(TableTurns.ITEMS_PER_SLICE, accounts.size()).boxed().toList());
    assertThat(aside.held()).allSatisfy((index, reason) -> assertThat(reason).isEqualTo(TableTurns.DEFERRED));
    assertThat(filedUnder10()).as("the first slice done")
        .containsExactlyInAnyOrderElementsOf(accounts.subList(0, TableTurns.ITEMS_PER_SLICE));

    List<String> rest = accounts.subList(TableTurns.ITEMS_PER_SLICE, accounts.size());
    assertThat(steps.applyItems(AMOUNTS.turn(rest), false, System.nanoTime(), visibility).isEmpty()).isTrue();
    assertThat(filedUnder10()).containsExactlyInAnyOrderElementsOf(accounts);
  }

  @Test
  void turnsOfOneItemSideBySide_whileItsTruthChanges_leaveItFiledOnceUnderItsLatestAmount() throws Exception {
    tick(1, 0);
    AtomicBoolean running = new AtomicBoolean(true);
    ExecutorService workers = Executors.newFixedThreadPool(3);
    List<Future<Integer>> held = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      held.add(workers.submit(() -> {
        int setAside = 0;
        while (running.get()) {
          try {
            setAside += steps.applyItems(AMOUNTS.turn(List.of("a1"))).held().size();
          } catch (RuntimeException e) {
            // a lost race read again too often; the next turn goes on
          }
        }
        return setAside;
      }));
    }
    Random random = new Random(5);
    for (int version = 2; version <= 25; version++) {
      tick(version, random.nextInt(6));
      Thread.sleep(20);
    }
    running.set(false);
    workers.shutdown();
    int setAside = 0;
    for (Future<Integer> worker : held) {
      setAside += worker.get();
    }
    clock.advance(LEASE.plusSeconds(1)); // a turn that lost its last race keeps its lease
    while (!steps.applyItems(AMOUNTS.turn(List.of("a1"))).isEmpty()) {
      clock.advance(LEASE);
    }

    long latest = (long) row(Tally.latest("a1")).get("Amount");
    assertThat(filedAmounts()).as("after %s items held back by another turn's lease", setAside).containsExactly(latest);
    assertThat(row(filed("a1"))).isEqualTo(Map.of("Filed", latest));
  }

  @Test
  void anItemThatCarriesItsTruth_readsNeitherTruthNorIntentOnItsFirstDelivery_andFilesItInTwoWrites() {
    tick(1, 10);
    probe.drain();

    assertThat(steps.applyItems(AMOUNTS.turn(List.of(Tally.amountsItem(new Tick("b1", "a1", 1, 10)))), true).isEmpty()).isTrue();

    assertThat(probe.drain().samples().stream().map(sample -> sample.label()).filter(label -> label.contains(" read")).toList())
        .as("the entry it files under, which it names itself; not its truth, not its intent row").hasSize(1)
        .allMatch(label -> label.startsWith(generation.table(Tally.ACCOUNT_INDEX)));
    assertThat(filedAmounts()).containsExactly(10L);
    assertThat(row(filed("a1"))).isEqualTo(Map.of("Filed", 10L));
  }

  @Test
  void aCarriedTruthOlderThanWhatALaterItemFiled_isNotWhatIsLeft() {
    tick(1, 10);
    tick(2, 20);
    steps.applyItems(AMOUNTS.turn(List.of("a1")), true); // the later event's item ran first

    steps.applyItems(AMOUNTS.turn(List.of(Tally.amountsItem(new Tick("b1", "a1", 1, 10)))), true);

    assertThat(filedAmounts()).as("its insert of the intent row failed, and it read everything").containsExactly(20L);
    assertThat(row(filed("a1"))).isEqualTo(Map.of("Filed", 20L));
  }

  @Test
  void anItemDeliveredAgainReadsItsTruthInsteadOfWhatItCarries() {
    tick(1, 10);
    tick(2, 20);

    steps.applyItems(AMOUNTS.turn(List.of(Tally.amountsItem(new Tick("b1", "a1", 1, 10)))), false);

    assertThat(filedAmounts()).containsExactly(20L);
  }

  private void tick(long version, long amount) {
    tick("a1", version, amount);
  }

  private void tick(String account, long version, long amount) {
    truth.apply(LATEST, List.of(new Tick("b1", account, version, amount)));
  }

  private List<Long> filedAmounts() {
    return azure.table(generation.table(Tally.ACCOUNT_INDEX)).listEntities().stream()
        .filter(entity -> entity.getRowKey().equals("a1") && entity.getPartitionKey().startsWith("amount"))
        .map(entity -> Long.parseLong(entity.getPartitionKey().substring("amount".length()))).sorted().toList();
  }

  private List<String> filedUnder10() {
    return azure.table(generation.table(Tally.ACCOUNT_INDEX)).listEntities().stream()
        .filter(entity -> entity.getPartitionKey().equals("amount10")).map(TableEntity::getRowKey).toList();
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Map<String, Object> row(RowRef ref) {
    return GenerationRows.all(azure, generation).get(ref);
  }
}
