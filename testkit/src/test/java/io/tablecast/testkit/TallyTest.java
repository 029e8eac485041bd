package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.Tally.Tick;
import java.util.List;
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
}
