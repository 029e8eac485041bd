package io.tablecast.projection;

import static io.tablecast.projection.Ledger.balance;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.projection.Ledger.Entry;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InMemoryViewsTest {

  /** Each entry asks for the copy of the next account's balance: work that comes before its truth. */
  private final WorkStep<String> copies = Ledger.copyingBalances();
  private final Projection<Entry> asking = Ledger.balanceAsking(copies, entry -> entry.account().equals("a") ? "b" : entry.account());

  @Test
  void workThatCannotRunYetWaits_andRunsAfterTheBatchThatBringsItsTruth() {
    InMemoryViews<Entry> views = new InMemoryViews<>(List.of(asking));

    views.apply(List.of(new Entry("a", 1, 10)));
    views.settle();
    assertThat(views.waiting()).containsExactly(copies.askFor("b"));

    views.apply(List.of(new Entry("b", 1, 4)));
    assertThat(views.waiting()).isEmpty();
    assertThat(views.rows()).containsEntry(Ledger.account("b"), Map.of("Balance", 4L, "Version", 1L))
        .doesNotContainKey(Ledger.account("a"));
  }

  @Test
  void workThatWaitsIsDoneTheSameWhateverTheOrderTheQueuesDeliverIt() {
    List<Entry> log = List.of(new Entry("a", 1, 10), new Entry("c", 1, 1), new Entry("b", 1, 4), new Entry("a", 2, 5));
    InMemoryViews<Entry> inOrder = new InMemoryViews<>(List.of(asking));
    log.forEach(entry -> inOrder.apply(List.of(entry)));

    for (int seed = 0; seed < 20; seed++) {
      InMemoryViews<Entry> shuffled = new InMemoryViews<>(List.of(asking));
      Random random = new Random(seed);
      log.forEach(entry -> shuffled.apply(List.of(entry), random));
      assertThat(shuffled.rows()).as("seed %d", seed).isEqualTo(inOrder.rows());
    }
    assertThat(inOrder.rows()).containsEntry(Ledger.account("b"), Map.of("Balance", 4L, "Version", 1L))
        .containsEntry(balance("a"), Map.of("Balance", 15L, "Version", 2L));
  }
}
