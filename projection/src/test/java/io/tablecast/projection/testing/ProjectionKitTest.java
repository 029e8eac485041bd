package io.tablecast.projection.testing;

import static io.tablecast.projection.Ledger.BALANCE;
import static io.tablecast.projection.Ledger.BALANCES;
import static io.tablecast.projection.Ledger.ENTRIES;
import static io.tablecast.projection.Ledger.TAIL;
import static io.tablecast.projection.Ledger.balance;
import static io.tablecast.projection.testing.ProjectionKit.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.projection.Ledger;
import io.tablecast.projection.Ledger.Entry;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.WorkStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ProjectionKitTest {

  private final ProjectionKit<Entry> ledger = ProjectionKit.of(BALANCE, TAIL);

  @Test
  void givenEventsTheRowsAreThoseTheProjectionsLeave() {
    ledger.given(new Entry("a", 1, 10), new Entry("b", 1, 7), new Entry("a", 2, -4))
        .expectRows(
            row(BALANCES, "a", "balance", "Balance", 6L, "Version", 2L),
            row(BALANCES, "b", "balance", "Balance", 7L, "Version", 1L),
            row(ENTRIES, "a", "9223372036854775805", "Amount", -4L, "Version", 2L),
            row(ENTRIES, "a", "9223372036854775806", "Amount", 10L, "Version", 1L),
            row(ENTRIES, "b", "9223372036854775806", "Amount", 7L, "Version", 1L))
        .expectRow(row(BALANCES, "a", "balance", "Balance", 6L, "Version", 2L));
  }

  @Test
  void anExpectationNotMetListsTheMissingUnexpectedAndDifferentRows() {
    ProjectionKit<Entry>.Given given = ProjectionKit.of(BALANCE).given(new Entry("a", 1, 10), new Entry("b", 1, 7));

    assertThatThrownBy(() -> given.expectRows(row(BALANCES, "a", "balance", "Balance", 11L, "Version", 1L),
        row(BALANCES, "c", "balance", "Balance", 0L, "Version", 0L)))
        .isInstanceOf(AssertionError.class)
        .hasMessage("3 row(s) differ between expected and projected:\n"
            + "  Balances(a, balance): expected {Balance=11, Version=1}, projected {Balance=10, Version=1}\n"
            + "  Balances(b, balance): only in projected: {Balance=7, Version=1}\n"
            + "  Balances(c, balance): only in expected: {Balance=0, Version=0}");
    assertThatThrownBy(() -> given.expectRow(row(BALANCES, "z", "balance")))
        .hasMessage("Balances(z, balance): expected {} but was absent");
  }

  @Test
  void aFoldThatCountsARedeliveredEventAgainFailsTheProperty() {
    Projection<Entry> naive = Projection.of("naive", Ledger.VIEW_SET, entry -> Optional.of(entry.account()),
        entry -> Set.of(balance(entry.account())), (rows, entry) -> {
          long balance = (long) rows.get(balance(entry.account())).orElse(Map.of("Balance", 0L)).get("Balance");
          return List.of(new RowChange.Put(balance(entry.account()), Map.of("Balance", balance + entry.amount())));
        });
    List<Entry> log = List.of(new Entry("a", 1, 10), new Entry("a", 2, 5));

    assertThatCode(() -> ProjectionKit.of(BALANCE).assertSameRowsEveryWay(log, 1)).doesNotThrowAnyException();
    assertThatThrownBy(() -> ProjectionKit.of(naive).assertSameRowsEveryWay(log, 1)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("between one event at a time and the log with its tail delivered again");
  }

  @Test
  void aStepThatReconcilesFromTheRowsItReadsHoldsThePropertyWhileOneThatTrustsItsItemIsCaught() {
    WorkStep<String> fromTheTruth = Ledger.step("accounts", account -> Set.of(balance(account), Ledger.account(account)),
        (rows, account) -> List.of(new RowChange.Put(Ledger.account(account),
            Map.of("Balance", rows.get(balance(account)).map(row -> row.get("Balance")).orElse(0L)))));
    WorkStep<String> fromTheItem = Ledger.step("accounts", item -> Set.of(), (rows, item) -> List.of(
        new RowChange.Put(Ledger.account(item.split(":")[0]), Map.of("Balance", Long.parseLong(item.split(":")[1])))));
    ProjectionKit<Entry> reconciled = ProjectionKit.of(Ledger.balanceAsking(fromTheTruth, Entry::account));
    ProjectionKit<Entry> trusting = ProjectionKit.of(Ledger.balanceAsking(fromTheItem,
        entry -> entry.account() + ":" + runningBalance(entry)));
    List<Entry> log = List.of(new Entry("a", 1, 10), new Entry("b", 1, 1), new Entry("a", 2, 3), new Entry("a", 3, 4),
        new Entry("b", 2, 2));

    reconciled.given(log).expectRow(row(Ledger.ACCOUNTS, "accounts", "a", "Balance", 17L));
    for (long seed = 0; seed < 20; seed++) {
      reconciled.assertSameRowsEveryWay(log, seed);
    }
    assertThatThrownBy(() -> {
      for (long seed = 0; seed < 20; seed++) {
        trusting.assertSameRowsEveryWay(log, seed);
      }
    }).as("work run late, out of order or twice, as queues deliver it").isInstanceOf(AssertionError.class)
        .hasMessageContaining("Accounts(accounts, ");
  }

  /** What the balance is after this entry, in the fixed log of the test above. */
  private static long runningBalance(Entry entry) {
    return Map.of("a1", 10L, "a2", 13L, "a3", 17L, "b1", 1L, "b2", 3L).get(entry.account() + entry.version());
  }

  @Test
  void oneAtATimeBatchedAndRebuiltAgreeOnAFixedLog() {
    List<Entry> log = List.of(new Entry("a", 1, 10), new Entry("b", 1, 1), new Entry("a", 2, 3), new Entry("b", 2, 2), new Entry("a", 3, 1));

    assertThat(ledger.batched(log, List.of(2, 2), 7)).isEqualTo(ledger.oneAtATime(log)).isEqualTo(ledger.rebuilt(log))
        .containsEntry(balance("a"), Map.of("Balance", 14L, "Version", 3L));
  }

  @Property(tries = 200)
  void everyWayOfDeliveringALedgerLeavesTheSameRows(@ForAll("logs") List<Entry> log, @ForAll long seed) {
    ledger.assertSameRowsEveryWay(log, seed);
  }

  @Provide
  Arbitrary<List<Entry>> logs() {
    return Arbitraries.of("a", "b", "c").list().ofMaxSize(60).flatMap(accounts -> Arbitraries.longs().between(-100, 100)
        .list().ofSize(accounts.size()).map(amounts -> {
          List<Entry> log = new ArrayList<>();
          Map<String, Long> versions = new java.util.HashMap<>();
          for (int i = 0; i < accounts.size(); i++) {
            log.add(new Entry(accounts.get(i), versions.merge(accounts.get(i), 1L, Long::sum), amounts.get(i)));
          }
          return log;
        }));
  }
}
