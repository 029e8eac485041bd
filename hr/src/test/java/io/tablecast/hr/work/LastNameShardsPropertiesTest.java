package io.tablecast.hr.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Example;
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
    Map<String, Map<String, Object>> shards = Map.of();
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

  @Example
  void anUpdateOfALongIndexLeavesTheFullShardsItDoesNotChangeAsTheyWereRead() {
    Set<String> hired = new TreeSet<>();
    for (int id = 1; id <= 5_500; id++) {
      hired.add(String.format("%08d", id));
    }
    Map<String, Map<String, Object>> shards = LastNameShards.update("Sales", Map.of(), hired, Set.of());

    Map<String, Map<String, Object>> added = LastNameShards.update("Sales", shards, Set.of("00009999"), Set.of());
    Map<String, Map<String, Object>> again = LastNameShards.update("Sales", shards, Set.of("00002500"), Set.of());
    Map<String, Map<String, Object>> removed = LastNameShards.update("Sales", shards, Set.of(), Set.of("00001500"));

    for (int shard = 0; shard < 5; shard++) {
      assertThat(added.get(LastNameShards.rowKey("Sales", shard))).isSameAs(shards.get(LastNameShards.rowKey("Sales", shard)));
    }
    assertThat(added.get(LastNameShards.rowKey("Sales", 5)).get(LastNameShards.COUNT)).isEqualTo(501);
    assertThat(again).as("an id listed already changes nothing").isEqualTo(shards);
    assertThat(removed).as("the hole in shard 1 is filled from the last; the others stay").hasSize(6)
        .containsEntry(LastNameShards.rowKey("Sales", 0), shards.get(LastNameShards.rowKey("Sales", 0)))
        .containsEntry(LastNameShards.rowKey("Sales", 2), shards.get(LastNameShards.rowKey("Sales", 2)));
    assertThat((String) removed.get(LastNameShards.rowKey("Sales", 1)).get(LastNameShards.EMPLOYEE_IDS)).doesNotContain("00001500")
        .contains("00005500");
    assertThat(LastNameShards.full(shards.get(LastNameShards.rowKey("Sales", 4)))).isTrue();
    assertThat(LastNameShards.full(shards.get(LastNameShards.rowKey("Sales", 5)))).isFalse();
  }

  @Example
  void anIdIsListedOnlyWhole() {
    assertThat(LastNameShards.listed("00000112,00000121", "00000012")).isFalse();
    assertThat(LastNameShards.listed("1,12,3", "12")).isTrue();
    assertThat(LastNameShards.listed("12", "12")).isTrue();
    assertThat(LastNameShards.listed("112,1", "12")).isFalse();
    assertThat(LastNameShards.listed("", "12")).isFalse();
  }

  private static void assertWellFormed(Map<String, Map<String, Object>> shards, Set<String> expected) {
    List<String> all = new ArrayList<>();
    List<String> keys = new ArrayList<>(shards.keySet());
    for (int shard = 0; shard < keys.size(); shard++) {
      assertThat(shards).containsKey(LastNameShards.rowKey("Sales", shard));
      Map<String, Object> entity = shards.get(LastNameShards.rowKey("Sales", shard));
      List<String> ids = List.of(((String) entity.get(LastNameShards.EMPLOYEE_IDS)).split(","));
      assertThat(ids).isSorted().isNotEmpty().hasSizeLessThanOrEqualTo(LastNameShards.SHARD_SIZE);
      assertThat(entity.get(LastNameShards.COUNT)).isEqualTo(ids.size());
      if (shard < keys.size() - 1) {
        assertThat(ids).as("every shard but the last is full").hasSize(LastNameShards.SHARD_SIZE);
        assertThat(LastNameShards.full(entity)).isTrue();
      }
      all.addAll(ids);
    }
    assertThat(all).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
  }

  @Property(tries = 50)
  void anUnchangedShardIsReturnedAsItWasRead(@ForAll @Size(min = 1, max = 50) List<@IntRange(min = 1, max = 999) Integer> ids) {
    Set<String> all = new TreeSet<>();
    ids.forEach(id -> all.add(String.format("%08d", id)));
    Map<String, Map<String, Object>> shards = new LinkedHashMap<>(LastNameShards.update("Sales", Map.of(), all, Set.of()));
    assertThat(LastNameShards.update("Sales", shards, all, Set.of())).isEqualTo(shards);
  }
}
