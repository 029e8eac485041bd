package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.Work;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.Tally.Tick;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class TallyTest {

  @Property(tries = 50)
  void aRowOnlyAStoredRowNames_readAfterIt_leavesTheSameRowsOneAtATimeInBatchesInARebuildAndRedelivered(@ForAll long seed) {
    List<Tick> log = Tally.log(seed, 200);
    ProjectionKit<Tick> latest = ProjectionKit.of(Tally.LATEST);

    latest.assertSameRowsEveryWay(log, seed);
    assertThat(latest.rebuilt(log)).as("per account, its latest tick and the one copy under its amount")
        .hasSize(2 * (int) log.stream().map(Tick::account).distinct().count());
  }

  @Property(tries = 50)
  void anIndexUnderKeysOnlyThePreviousStateKnows_keptByAStepWithAnIntentRow_isTheSameEveryWay_andSettled(@ForAll long seed) {
    List<Tick> log = Tally.log(seed, 200);
    ProjectionKit<Tick> filing = ProjectionKit.of(LATEST_FILED);

    filing.assertSameRowsEveryWay(log, seed);
    Map<RowRef, Map<String, Object>> rows = filing.rebuilt(log);
    Map<String, Long> latest = new HashMap<>();
    log.forEach(tick -> latest.put(tick.account(), tick.amount()));
    latest.forEach((account, amount) -> {
      assertThat(rows).as("filed under its latest amount alone").containsKey(Tally.filedUnder(amount, account));
      assertThat(rows.get(Tally.filed(account))).as("the intent settled").isEqualTo(Map.of("Filed", amount));
    });
    assertThat(rows.keySet().stream().filter(ref -> ref.partitionKey().startsWith("amount"))).hasSize(latest.size());
  }

  /** {@link Tally#LATEST}, asking {@link Tally#AMOUNTS} to file each tick's account. */
  private static final Projection<Tick> LATEST_FILED = new Projection<>() {
    @Override
    public String name() {
      return "latest-filed";
    }

    @Override
    public ViewSet viewSet() {
      return Tally.VIEW_SET;
    }

    @Override
    public Optional<String> lane(Tick tick) {
      return Tally.LATEST.lane(tick);
    }

    @Override
    public Set<RowRef> reads(Tick tick) {
      return Tally.LATEST.reads(tick);
    }

    @Override
    public Set<RowRef> readsAfter(Tick tick, Rows declared) {
      return Tally.LATEST.readsAfter(tick, declared);
    }

    @Override
    public List<RowChange> fold(Rows rows, Tick tick) {
      return Tally.LATEST.fold(rows, tick);
    }

    @Override
    public List<Work> work(Tick tick) {
      return List.of(Tally.AMOUNTS.askFor(tick.account()));
    }
  };
}
