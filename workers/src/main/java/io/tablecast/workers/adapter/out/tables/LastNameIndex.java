package io.tablecast.workers.adapter.out.tables;

import com.azure.data.tables.TableClient;
import io.tablecast.common.tables.Keys;
import io.tablecast.hr.work.LastNameShards;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.workers.domain.rows.BatchPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code EmployeesByLastName}: the index entities of the guide's option #3, one partition per
 * last name, sharded by department ({@link LastNameShards}). Updated with ETags: read the shards
 * of every department touched (one range query for them all), change them, and write them back in one EGT whose replaces and
 * deletes carry {@code If-Match}; on a lost race, read again.
 */
public final class LastNameIndex {

  private final TableClient table;

  public LastNameIndex(TableClient table) {
    this.table = table;
  }

  /** @param lastName lower-cased, as the index keys it */
  public void update(String lastName, Map<String, Set<String>> addByDepartment, Map<String, Set<String>> removeByDepartment) {
    String partition = Keys.key(lastName);
    Set<String> touched = new LinkedHashSet<>(addByDepartment.keySet());
    touched.addAll(removeByDepartment.keySet());
    List<String> departments = new ArrayList<>(touched);
    EntityWrites.readModifyWrite(table, partition, departments.size(),
        done -> read(partition, departments.subList(done, departments.size())),
        (done, current) -> BatchPlan.firstFitting(current, departments.size() - done, n -> {
          Map<String, ViewEntity> rows = new LinkedHashMap<>(current);
          for (String department : departments.subList(done, done + n)) {
            Map<String, ViewEntity> shards = shardsOf(rows, department);
            shards.keySet().forEach(rows::remove);
            rows.putAll(LastNameShards.update(department, shards,
                addByDepartment.getOrDefault(department, Set.of()), removeByDepartment.getOrDefault(department, Set.of())));
          }
          return rows;
        }));
  }

  /**
   * Every shard of the departments: one query of their RowKey ranges ({@code <DepartmentId>_00} to
   * {@code _99}; department ids hold no {@code _}, so no other department's shard falls inside),
   * seven departments to a request.
   */
  private Map<String, Read> read(String partition, List<String> departments) {
    List<Map.Entry<String, String>> ranges = departments.stream()
        .map(d -> Map.entry(LastNameShards.rowKey(d, 0), LastNameShards.rowKey(d, LastNameShards.MAX_SHARDS - 1)))
        .toList();
    return RowReader.ranges(table, partition, ranges);
  }

  private static Map<String, ViewEntity> shardsOf(Map<String, ViewEntity> rows, String department) {
    Map<String, ViewEntity> shards = new LinkedHashMap<>();
    for (int shard = 0; rows.containsKey(LastNameShards.rowKey(department, shard)); shard++) {
      shards.put(LastNameShards.rowKey(department, shard), rows.get(LastNameShards.rowKey(department, shard)));
    }
    return shards;
  }
}
