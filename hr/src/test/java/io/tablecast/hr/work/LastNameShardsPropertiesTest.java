package io.tablecast.hr.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The index entities of SPEC §3 stay a faithful, well-formed set under any additions and removals. */
class LastNameShardsPropertiesTest {

  /**
   * Each operation adds a run of 100 ids from a positive number, or removes a run of 300 from a
   * negative one, so that shards fill past 1,000, empty out in the middle, and must be compacted.
   */
  @Property(tries = 200)
  void shardsHoldExactlyTheIdsAddedAndNotRemoved_contiguousDenseSortedAndBounded(
      @ForAll @Size(max = 120) List<@IntRange(min = -3_000, max = 3_000) Integer> operations,
      @ForAll @IntRange(min = 1, max = 10) int batch) {
    Map<String, ViewEntity> shards = Map.of();
    Set<String> expected = new TreeSet<>();
    for (int from = 0; from < operations.size(); from += batch) {
      Set<String> add = new TreeSet<>();
      Set<String> remove = new TreeSet<>();
      for (int op : operations.subList(from, Math.min(operations.size(), from + batch))) {
        for (int n = 0; n < (op >= 0 ? 100 : 300); n++) {
          String id = String.format("%08d", Math.abs(op) + n);
          if (op >= 0) {
            add.add(id);
            remove.remove(id);
          } else {
            remove.add(id);
            add.remove(id);
          }
        }
      }
      shards = LastNameShards.update("Sales", shards, add, remove);
      expected.removeAll(remove);
      expected.addAll(add);
      assertWellFormed(shards, expected);
    }
  }

  private static void assertWellFormed(Map<String, ViewEntity> shards, Set<String> expected) {
    List<String> all = new ArrayList<>();
    List<String> keys = new ArrayList<>(shards.keySet());
    for (int shard = 0; shard < keys.size(); shard++) {
      assertThat(shards).containsKey(LastNameShards.rowKey("Sales", shard));
      ViewEntity entity = shards.get(LastNameShards.rowKey("Sales", shard));
      List<String> ids = List.of(entity.string(LastNameShards.EMPLOYEE_IDS).split(","));
      assertThat(ids).isSorted().isNotEmpty().hasSizeLessThanOrEqualTo(LastNameShards.SHARD_SIZE);
      assertThat(entity.integer(LastNameShards.COUNT)).isEqualTo(ids.size());
      if (shard < keys.size() - 1) {
        assertThat(ids).as("every shard but the last is full").hasSize(LastNameShards.SHARD_SIZE);
        assertThat(LastNameShards.full(entity.properties())).isTrue();
      }
      all.addAll(ids);
    }
    assertThat(all).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
  }

  @Property(tries = 50)
  void anUnchangedShardIsReturnedAsItWasRead(@ForAll @Size(min = 1, max = 50) List<@IntRange(min = 1, max = 999) Integer> ids) {
    Set<String> all = new TreeSet<>();
    ids.forEach(id -> all.add(String.format("%08d", id)));
    Map<String, ViewEntity> shards = new LinkedHashMap<>(LastNameShards.update("Sales", Map.of(), all, Set.of()));
    assertThat(LastNameShards.update("Sales", shards, all, Set.of())).isEqualTo(shards);
  }
}
