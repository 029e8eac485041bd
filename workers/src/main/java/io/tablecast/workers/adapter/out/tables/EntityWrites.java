package io.tablecast.workers.adapter.out.tables;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.viewstore.adapter.out.tables.Egts;
import io.tablecast.viewstore.adapter.out.tables.OptimisticWrite;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.application.work.WorkDeferred;
import io.tablecast.workers.domain.rows.BatchPlan;
import io.tablecast.workers.domain.rows.RowChange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The writes of HR's queue workers, which hold rows as {@link ViewEntity} and change them by
 * {@link RowChange}: in Entity Group Transactions with optimistic concurrency, an insert failing
 * if the row appeared, a replace or delete carrying the ETag the row was read with.
 */
public final class EntityWrites {

  private EntityWrites() {}

  /**
   * Submits one EGT of {@code changes} (at most 100, one partition); nothing for none.
   *
   * @return the new ETag of each row inserted or replaced, by RowKey, as the service answered it
   *     (a row whose answer carried none is absent)
   */
  public static Map<String, String> submit(TableClient table, String partitionKey, List<RowChange> changes, Map<String, Read> read) {
    if (changes.isEmpty()) {
      return Map.of();
    }
    List<String> etags = Egts.submitForEtags(table, changes.stream().map(c -> action(partitionKey, c, read)).toList());
    Map<String, String> byRow = new LinkedHashMap<>();
    for (int i = 0; i < changes.size() && i < etags.size(); i++) {
      if (!(changes.get(i) instanceof RowChange.Delete) && etags.get(i) != null) {
        byRow.put(changes.get(i).rowKey(), etags.get(i));
      }
    }
    return byRow;
  }

  /**
   * Read-modify-write of one partition in as many EGTs as needed: {@code read} the rows, plan
   * the first EGT of what remains, submit it; on a lost race read again and plan again.
   *
   * @param plan from the rows read, the first EGT and how many of the remaining steps it covers
   * @param steps how many steps there are in all
   */
  static void readModifyWrite(TableClient table, String partitionKey, int steps,
      Function<Integer, Map<String, Read>> read, PlanFrom plan) {
    int done = 0;
    while (done < steps) {
      int from = done;
      BatchPlan written = OptimisticWrite.apply(
          conflicts -> read.apply(from),
          rows -> plan.plan(from, rowsOf(rows)),
          (rows, next) -> submit(table, partitionKey, next.changes(), rows),
          lost -> new WorkDeferred("partition '" + partitionKey + "' of " + table.getTableName() + " kept changing"));
      done += written.eventCount();
    }
  }

  /** Plans the first EGT of the steps from {@code done} on, given the rows as read. */
  @FunctionalInterface
  interface PlanFrom {
    BatchPlan plan(int done, Map<String, ViewEntity> rows);
  }

  static TableTransactionAction action(String partitionKey, RowChange change, Map<String, Read> read) {
    if (change instanceof RowChange.Insert) {
      return new TableTransactionAction(
          TableTransactionActionType.CREATE, toTable(partitionKey, change.row(), null));
    }
    TableTransactionActionType type = change instanceof RowChange.Delete
        ? TableTransactionActionType.DELETE
        : TableTransactionActionType.UPDATE_REPLACE;
    return new TableTransactionAction(type, toTable(partitionKey, change.row(), read.get(change.rowKey()).etag()), true);
  }

  public static Map<String, ViewEntity> rowsOf(Map<String, Read> read) {
    Map<String, ViewEntity> rows = new LinkedHashMap<>();
    read.forEach((key, value) -> rows.put(key, row(value)));
    return rows;
  }

  /** The row {@code read} holds, as HR's queue workers hold rows. */
  public static ViewEntity row(Read read) {
    return new ViewEntity(read.rowKey(), read.properties());
  }

  /** {@code row} as the store takes it, guarded by {@code etag} when there is one. */
  public static TableEntity toTable(String partitionKey, ViewEntity row, String etag) {
    return TableRows.toTable(partitionKey, row.rowKey(), row.properties(), etag);
  }
}
