package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.tables.TelemetryLayout;
import io.tablecast.views.application.TelemetrySource;
import io.tablecast.views.domain.dashboard.TelemetryReport;
import io.tablecast.views.domain.dashboard.TelemetryReport.Role;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the telemetry rows ({@link TelemetryLayout}) with one listing of their partition. A row
 * that does not follow the layout (an unknown role, no report time) is skipped and logged at
 * DEBUG: one odd writer must not take the status page down.
 */
public final class TableTelemetry implements TelemetrySource {

  private static final Logger log = LoggerFactory.getLogger(TableTelemetry.class);

  private final Queries queries;
  private final TableClient telemetry;

  public TableTelemetry(ActiveTables tables) {
    this.queries = new Queries(tables);
    this.telemetry = tables.telemetry();
  }

  @Override
  public List<TelemetryReport> reports() {
    List<TelemetryReport> reports = new ArrayList<>();
    for (TableEntity row : queries.all(telemetry, Filters.partition(TelemetryLayout.PARTITION))) {
      Role role = role(row.getProperty(TelemetryLayout.ROLE));
      Instant reportedAt = TableRows.instant(row, TelemetryLayout.REPORTED_AT);
      long window = number(row, TelemetryLayout.WINDOW);
      if (role == null || reportedAt == null || window < 1) {
        log.debug("Skipped telemetry row {}: it does not follow the layout", row.getRowKey());
        continue;
      }
      reports.add(new TelemetryReport(role, String.valueOf(row.getProperty(TelemetryLayout.INSTANCE_ID)), reportedAt, (int) window,
          number(row, TelemetryLayout.EVENTS_APPLIED), decimal(row, TelemetryLayout.VIEW_FRESHNESS_P50_MS),
          decimal(row, TelemetryLayout.VIEW_FRESHNESS_P99_MS), number(row, TelemetryLayout.ITEMS_DONE),
          decimal(row, TelemetryLayout.INDEX_FRESHNESS_P50_MS), decimal(row, TelemetryLayout.INDEX_FRESHNESS_P99_MS)));
    }
    return reports;
  }

  private static Role role(Object value) {
    if (TelemetryLayout.PROJECTOR.equals(value)) {
      return Role.PROJECTOR;
    }
    return TelemetryLayout.WORKER.equals(value) ? Role.WORKER : null;
  }

  private static long number(TableEntity row, String property) {
    return row.getProperty(property) instanceof Number n ? n.longValue() : 0;
  }

  private static OptionalDouble decimal(TableEntity row, String property) {
    return row.getProperty(property) instanceof Number n ? OptionalDouble.of(n.doubleValue()) : OptionalDouble.empty();
  }
}
