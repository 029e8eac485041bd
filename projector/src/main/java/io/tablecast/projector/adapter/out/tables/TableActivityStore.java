package io.tablecast.projector.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.tables.EgtGuard;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.projector.application.ActivityStore;
import io.tablecast.projector.domain.ActivityEntries;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.util.List;

/**
 * The log tails in {@code EmployeeActivity}: one partition per employee, one row per event.
 * Rows are upserted whole; their RowKeys and contents come from the event alone, so a redelivered
 * event rewrites the same row. Several events of one employee go in one EGT.
 */
public final class TableActivityStore implements ActivityStore {

  private final TableClient table;
  private final Counter writes;

  public TableActivityStore(TableClient table, MeterRegistry metrics) {
    this.table = table;
    this.writes = Counter.builder("tablecast.projector.writes").tag("table", "EmployeeActivity")
        .description("Entities written").register(metrics);
  }

  @Override
  public void append(EmployeeId employee, List<EmployeeEvent> events) {
    String partition = employee.canonical();
    if (events.size() == 1) {
      table.upsertEntityWithResponse(TableRows.toTable(partition, ActivityEntries.of(events.get(0)), null),
          TableEntityUpdateMode.REPLACE, NO_TIMEOUT, Context.NONE);
      writes.increment();
      return;
    }
    for (int from = 0; from < events.size(); from += EgtGuard.MAX_OPERATIONS) {
      List<TableTransactionAction> actions = events.subList(from, Math.min(events.size(), from + EgtGuard.MAX_OPERATIONS))
          .stream()
          .map(e -> new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, TableRows.toTable(partition, ActivityEntries.of(e), null)))
          .toList();
      EgtGuard.check(actions);
      table.submitTransactionWithResponse(actions, NO_TIMEOUT, Context.NONE);
      writes.increment(actions.size());
    }
  }
}
