package io.tablecast.workers.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.common.tables.EgtGuard;
import io.tablecast.hr.work.ViewEntity;
import java.util.List;

/** The guide's Archive table: copies inserted or replaced, up to 100 to an EGT of one department. */
public final class ArchiveTable {

  private final TableClient table;

  public ArchiveTable(TableClient table) {
    this.table = table;
  }

  public void archive(String departmentId, List<ViewEntity> rows) {
    for (int from = 0; from < rows.size(); from += EgtGuard.MAX_OPERATIONS) {
      List<TableTransactionAction> actions = rows.subList(from, Math.min(rows.size(), from + EgtGuard.MAX_OPERATIONS)).stream()
          .map(row -> new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, EntityWrites.toTable(departmentId, row, null)))
          .toList();
      EgtGuard.check(actions);
      table.submitTransactionWithResponse(actions, NO_TIMEOUT, null);
    }
  }
}
