package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableTransactionAction;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.EgtGuard;
import java.util.ArrayList;
import java.util.List;

/** Submits actions of one partition as Entity Group Transactions, within the store's limits ({@link EgtGuard}). */
public final class Egts {

  private Egts() {}

  /**
   * Submits one EGT (at most 100 actions, one partition).
   *
   * @return the new ETag of each action, in order, as {@code If-Match} needs it; null for one whose answer carried none (a delete)
   */
  public static List<String> submitForEtags(TableClient table, List<TableTransactionAction> actions) {
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
}
