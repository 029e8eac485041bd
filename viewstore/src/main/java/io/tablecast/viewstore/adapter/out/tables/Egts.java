package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.EgtGuard;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.application.work.WorkDeferred;
import io.tablecast.viewstore.domain.BatchPlan;
import io.tablecast.viewstore.domain.RowChange;
import io.tablecast.viewstore.domain.ViewEntity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Submits row changes as Entity Group Transactions with optimistic concurrency: an insert fails
 * if the row appeared, a replace or delete carries the ETag the row was read with.
 */
public final class Egts {

  private Egts() {}

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
    List<String> etags = submitForEtags(table, changes.stream().map(c -> action(partitionKey, c, read)).toList());
    Map<String, String> byRow = new LinkedHashMap<>();
    for (int i = 0; i < changes.size() && i < etags.size(); i++) {
      if (!(changes.get(i) instanceof RowChange.Delete) && etags.get(i) != null) {
        byRow.put(changes.get(i).rowKey(), etags.get(i));
      }
    }
    return byRow;
  }

  /**
   * Submits one EGT (at most 100 actions, one partition).
   *
   * @return the new ETag of each action, in order, as {@code If-Match} needs it; null for one whose answer carried none (a delete)
   */
  static List<String> submitForEtags(TableClient table, List<TableTransactionAction> actions) {
    EgtGuard.check(actions);
    List<String> etags = new ArrayList<>();
    table.submitTransactionWithResponse(actions, NO_TIMEOUT, AzureClients.collectingEtags(answered ->
        answered.forEach(etag -> etags.add(TableResponses.repair(etag)))));
    return etags;
  }

  /** Actions of one partition, in as many EGTs of at most {@value EgtGuard#MAX_OPERATIONS} as they need, one after another. */
  public static void submitAll(TableClient table, List<TableTransactionAction> actions) {
    for (int from = 0; from < actions.size(); from += EgtGuard.MAX_OPERATIONS) {
      List<TableTransactionAction> egt = actions.subList(from, Math.min(actions.size(), from + EgtGuard.MAX_OPERATIONS));
      EgtGuard.check(egt);
      table.submitTransactionWithResponse(egt, NO_TIMEOUT, Context.NONE);
    }
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
          TableTransactionActionType.CREATE, TableRows.toTable(partitionKey, change.row(), null));
    }
    TableTransactionActionType type = change instanceof RowChange.Delete
        ? TableTransactionActionType.DELETE
        : TableTransactionActionType.UPDATE_REPLACE;
    return new TableTransactionAction(type, TableRows.toTable(partitionKey, change.row(), read.get(change.rowKey()).etag()), true);
  }

  public static Map<String, ViewEntity> rowsOf(Map<String, Read> read) {
    Map<String, ViewEntity> rows = new LinkedHashMap<>();
    read.forEach((key, value) -> rows.put(key, value.row()));
    return rows;
  }
}
