package io.tablecast.projection;

import static io.tablecast.projection.Ledger.BALANCE;
import static io.tablecast.projection.Ledger.TAIL;
import static io.tablecast.projection.Ledger.balance;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.projection.Ledger.Entry;
import io.tablecast.projection.Turn.Write.Kind;
import io.tablecast.projection.Turn.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TurnTest {

  @Test
  void aTurnReadsEveryDeclaredRowOnce_andWritesEachChangedRowOnceAtItsEndState() {
    Turn<Entry> turn = new Turn<>(BALANCE, List.of(new Entry("a", 1, 10), new Entry("a", 2, 5), new Entry("a", 3, -3)));

    assertThat(turn.reads()).containsExactly(balance("a"));
    assertThat(turn.fold(Map.of())).containsExactly(new Write(balance("a"), Kind.INSERT, Map.of("Balance", 12L, "Version", 3L)));
    assertThat(turn.fold(Map.of(balance("a"), Map.of("Balance", 100L, "Version", 1L))))
        .containsExactly(new Write(balance("a"), Kind.REPLACE, Map.of("Balance", 102L, "Version", 3L)));
  }

  @Test
  void aStepsItemThatCannotRunYetIsSetAsideWithItsReason_whileTheOtherItemsOfItsTurnAreWritten() {
    WorkStep<String> copies = Ledger.copyingBalances();
    Turn<String> turn = copies.turn(List.of("a", "b", "c"));
    Map<String, Object> balanceOfA = Map.of("Balance", 7L, "Version", 1L);
    Map<String, Object> balanceOfC = Map.of("Balance", 9L, "Version", 2L);

    assertThat(turn.fold(Map.of(balance("a"), balanceOfA, balance("c"), balanceOfC))).containsExactly(
        new Write(Ledger.account("a"), Kind.INSERT, balanceOfA), new Write(Ledger.account("c"), Kind.INSERT, balanceOfC));
    assertThat(turn.waiting()).isEqualTo(Map.of(1, "account b has no balance"));
    turn.fold(Map.of(balance("a"), balanceOfA, balance("b"), balanceOfA, balance("c"), balanceOfC));
    assertThat(turn.waiting()).as("after the truth came").isEmpty();
    assertThat(new Turn<>(BALANCE, List.of(new Entry("a", 1, 10))).waiting()).as("a projection's events").isEmpty();
  }

  @Test
  void aStepsItemWhoseIntentRowAnotherTurnHoldsIsSetAside_andTheIntentRowsWrittenAreSettledOnlyWhenAsked() {
    Turn<String> turn = filing(true).turn(List.of("a", "b"));
    turn.holdBack(Map.of(Ledger.account("a"), "held by another turn"));
    Map<String, Object> balanceOfB = Map.of("Balance", 9L, "Version", 2L);

    List<Write> writes = turn.fold(Map.of(balance("b"), balanceOfB));

    assertThat(writes).as("the intent, as folded").containsExactly(new Write(Ledger.account("b"), Kind.INSERT, Map.of("Balance", 9L,
        "Stale", "old")));
    assertThat(turn.held()).isEqualTo(Map.of(0, "held by another turn"));
    assertThat(turn.intentRowsFolded()).containsExactly(Ledger.account("b"));
    assertThat(turn.settled(writes)).containsExactly(new Write(Ledger.account("b"), Kind.INSERT, Map.of("Balance", 9L)));
  }

  @Test
  void anIntentRowTheItemDoesNotDeclareStopsItsTurn() {
    assertThatThrownBy(() -> filing(false).turn(List.of("a")).fold(Map.of())).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("keeps its intent in Accounts");
  }

  /** A step keeping each account's row as its intent row: its balance, and a stale mark that settling drops. */
  private static WorkStep<String> filing(boolean declaresIntentRow) {
    return Ledger.step("filing", item -> declaresIntentRow ? Set.of(balance(item), Ledger.account(item)) : Set.of(balance(item)),
        (rows, item) -> List.of(new RowChange.Put(Ledger.account(item),
            Map.of("Balance", rows.get(balance(item)).map(b -> b.get("Balance")).orElse(0L), "Stale", "old"))))
        .withIntentRow(Ledger::account, (item, intent) -> {
          Map<String, Object> settled = new HashMap<>(intent);
          settled.remove("Stale");
          return Optional.of(settled);
        });
  }

  @Test
  void aRowLeftAsItWasReadIsNotWritten() {
    Turn<Entry> redelivered = new Turn<>(BALANCE, List.of(new Entry("a", 2, 5)));

    assertThat(redelivered.fold(Map.of(balance("a"), Map.of("Balance", 15L, "Version", 2L)))).isEmpty();
  }

  @Test
  void rowsNotReadAreUpserted_mergedOrDeletedIfPresent_andReadRowsAreDeletedOnWhatWasRead() {
    RowRef other = new RowRef(Ledger.ENTRIES, "a", "x");
    Projection<String> changes = projection(Set.of(balance("a")), (rows, event) -> switch (event) {
      case "put" -> List.of(new RowChange.Put(other, Map.of("N", 1)));
      case "merge" -> List.of(new RowChange.Merge(other, Map.of("M", 2)));
      case "delete" -> List.of(new RowChange.Delete(other), new RowChange.Delete(balance("a")));
      default -> throw new IllegalArgumentException(event);
    });
    Map<RowRef, Map<String, Object>> read = Map.of(balance("a"), Map.of("Balance", 1L));

    assertThat(new Turn<>(changes, List.of("put", "merge")).fold(read)).containsExactly(new Write(other, Kind.UPSERT, Map.of("N", 1, "M", 2)));
    assertThat(new Turn<>(changes, List.of("merge")).fold(read)).containsExactly(new Write(other, Kind.MERGE, Map.of("M", 2)));
    assertThat(new Turn<>(changes, List.of("put", "delete")).fold(read))
        .containsExactly(new Write(other, Kind.DELETE_IF_PRESENT, Map.of()), new Write(balance("a"), Kind.DELETE, Map.of()));
    assertThat(new Turn<>(TAIL, List.of(new Entry("a", 1, 10))).fold(Map.of())).extracting(Write::kind).containsExactly(Kind.UPSERT);
  }

  @Test
  void aFoldThatReadsARowItDidNotDeclareIsStoppedWithTheRowAndTheEvent() {
    Projection<String> sneaky = projection(Set.of(), (rows, event) -> {
      rows.get(balance("b"));
      return List.of();
    });

    assertThatThrownBy(() -> new Turn<>(sneaky, List.of("e1")).fold(Map.of())).isInstanceOf(IllegalStateException.class)
        .hasMessage("Projection 'test' read Balances(b, balance), which it did not declare for e1");
  }

  @Test
  void aRowThatOnlyARowReadNamesIsAskedForInAnotherRound_andWrittenOnWhatWasRead() {
    Turn<String> turn = new Turn<>(POINTER, List.of("b", "c"));
    Map<RowRef, Map<String, Object>> read = new HashMap<>(Map.of(POINTED, Map.of("Key", "a")));

    assertThat(turn.reads()).containsExactlyInAnyOrder(POINTED, copy("b"), copy("c"));
    assertThat(turn.readsAfter(read)).as("the copy under the key the row holds").containsExactly(copy("a"));
    read.put(copy("a"), Map.of());

    assertThat(turn.reads()).contains(copy("a"));
    assertThat(turn.readsAfter(read)).as("the key the first event left is one the turn declared").isEmpty();
    assertThat(turn.namedAfter()).as("the row a stored row names, not the one the first event's key names").containsExactly(copy("a"));
    assertThat(turn.fold(read)).containsExactly(new Write(copy("a"), Kind.DELETE, Map.of()),
        new Write(POINTED, Kind.REPLACE, Map.of("Key", "c")), new Write(copy("c"), Kind.INSERT, Map.of()));
  }

  @Test
  void aRowNamedAfterMayNameTheNext_andEachIsReadInARoundOfItsOwn_onlyAlongThePathTheRowsTake() {
    Projection<String> chain = new Projection<>() {
      @Override
      public String name() {
        return "chain";
      }

      @Override
      public ViewSet viewSet() {
        return Ledger.VIEW_SET;
      }

      @Override
      public Optional<String> lane(String event) {
        return Optional.of("p");
      }

      @Override
      public Set<RowRef> reads(String event) {
        return Set.of(POINTED);
      }

      /** From the pointed row's key, each copy names the next by its {@code Next}, until one is absent. */
      @Override
      public Set<RowRef> readsAfter(String event, Rows declared) {
        Set<RowRef> named = new LinkedHashSet<>();
        Optional<Map<String, Object>> row = declared.get(POINTED);
        while (row.isPresent() && row.get().get(row.get().containsKey("Key") ? "Key" : "Next") instanceof String key) {
          named.add(copy(key));
          row = declared.get(copy(key));
        }
        return named;
      }

      @Override
      public List<RowChange> fold(Rows rows, String event) {
        return List.of();
      }
    };
    Turn<String> turn = new Turn<>(chain, List.of("e1", "e2"));
    Map<RowRef, Map<String, Object>> read = new HashMap<>(Map.of(POINTED, Map.of("Key", "a")));

    assertThat(turn.readsAfter(read)).as("the first copy the row names, for both events in one round").containsExactly(copy("a"));
    read.put(copy("a"), Map.of("Next", "b"));
    assertThat(turn.readsAfter(read)).as("the next, once the first is read").containsExactly(copy("b"));
    assertThat(turn.readsAfter(read)).as("the last, absent, ends the path").isEmpty();
    assertThat(turn.reads()).containsExactlyInAnyOrder(POINTED, copy("a"), copy("b"));
    assertThat(turn.fold(read)).isEmpty();
  }

  @Test
  void aTurnKnowsTheRowsItsLastFoldLookedAt_notTheDeclaredRowsItLeftAlone() {
    Projection<String> copying = projection(Set.of(balance("a"), balance("b")),
        (rows, event) -> List.of(new RowChange.Put(balance("b"), rows.get(balance("a")).orElse(Map.of()))));
    Turn<String> turn = new Turn<>(copying, List.of("e1"));

    assertThat(turn.fold(Map.of(balance("a"), Map.of("Balance", 1L)))).containsExactly(
        new Write(balance("b"), Kind.INSERT, Map.of("Balance", 1L)));
    assertThat(turn.consulted()).as("b written without being looked at").containsExactly(balance("a"));
  }

  @Test
  void aTurnIsNotFoldedBeforeTheRowsItsEventsNameAreRead() {
    Turn<String> turn = new Turn<>(POINTER, List.of("b"));

    assertThatThrownBy(() -> turn.fold(Map.of(POINTED, Map.of("Key", "a")))).isInstanceOf(IllegalStateException.class)
        .hasMessage("Projection 'pointer' needs [Entries(p, a)] read before its turn is folded");
  }

  private static final RowRef POINTED = balance("p");

  private static RowRef copy(String key) {
    return new RowRef(Ledger.ENTRIES, "p", key);
  }

  /** A row that holds a key, and a copy under that key: a new key deletes the copy under the old one, which only the row names. */
  private static final Projection<String> POINTER = new Projection<>() {
    @Override
    public String name() {
      return "pointer";
    }

    @Override
    public ViewSet viewSet() {
      return Ledger.VIEW_SET;
    }

    @Override
    public Optional<String> lane(String key) {
      return Optional.of("p");
    }

    @Override
    public Set<RowRef> reads(String key) {
      return Set.of(POINTED, copy(key));
    }

    @Override
    public Set<RowRef> readsAfter(String key, Rows declared) {
      return declared.get(POINTED).map(row -> Set.of(copy((String) row.get("Key")))).orElse(Set.of());
    }

    @Override
    public List<RowChange> fold(Rows rows, String key) {
      List<RowChange> changes = new ArrayList<>();
      rows.get(POINTED).map(row -> (String) row.get("Key")).filter(old -> !old.equals(key))
          .ifPresent(old -> changes.add(new RowChange.Delete(copy(old))));
      changes.add(new RowChange.Put(POINTED, Map.of("Key", key)));
      changes.add(new RowChange.Put(copy(key), Map.of()));
      return changes;
    }
  };

  static Projection<String> projection(Set<RowRef> reads, Projection.Fold<String> fold) {
    return Projection.of("test", Ledger.VIEW_SET, event -> Optional.of("one"), event -> reads, fold);
  }
}
