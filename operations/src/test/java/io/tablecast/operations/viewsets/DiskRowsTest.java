package io.tablecast.operations.viewsets;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.Tally;
import io.tablecast.testkit.Tally.Tick;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DiskRowsTest {

  @Test
  void aFoldKeptOnDiskHoldsTheRowsOfTheFoldInMemory_inTableAndKeyOrder() {
    List<Tick> log = Tally.log(5, 2_000);

    try (DiskRows disk = new DiskRows(Tally.VIEW_SET)) {
      InMemoryViews<Tick> folded = new InMemoryViews<>(Tally.PROJECTED.projections(), disk);
      for (int from = 0; from < log.size(); from += 100) {
        folded.apply(log.subList(from, from + 100));
      }
      folded.settle();

      assertThat(new ArrayList<>(disk.entrySet()))
          .containsExactlyElementsOf(ProjectionKit.of(Tally.PROJECTED.projections()).rebuilt(log).entrySet());
    }
  }

  @Test
  void everyPropertyOfEveryTypeComesBackAsItWasPut_aRowRemovedIsGone_andTheFileGoesOnClose() {
    RowRef ref = Tally.total("north");
    Map<String, Object> row = Map.of("Name", "né", "Long", -1L << 40, "Int", -2, "Double", 1.5, "Flag", true, "Off", false,
        "At", Instant.parse("2026-11-30T10:00:00.123456789Z"), "Id", UUID.randomUUID(), "Other", new BigDecimal("12.50"));
    Path directory;

    try (DiskRows disk = new DiskRows(Tally.VIEW_SET)) {
      directory = disk.directory();
      disk.put(ref, row);
      disk.put(Tally.account("a1"), Map.of("Branch", "b1"));
      assertThat(disk.get(ref)).isEqualTo(row);
      disk.put(ref, Map.of("Bytes", new byte[] {1, 2, 3}));
      assertThat((byte[]) disk.get(ref).get("Bytes")).containsExactly(1, 2, 3);
      disk.put(ref, row);
      assertThat(disk.remove(Tally.account("a1"))).isEqualTo(Map.of("Branch", "b1"));
      assertThat(disk).containsOnlyKeys(ref).hasSize(1);
      assertThat(disk.containsKey(Tally.account("a1"))).isFalse();
      assertThat(InMemoryViews.ORDER.compare(Tally.account("a1"), ref)).isNegative();
    }

    assertThat(Files.exists(directory)).isFalse();
  }
}
