package io.tablecast.operations.application.audit;

import io.tablecast.common.tables.ViewTable;
import io.tablecast.operations.domain.audit.AuditRow;
import java.util.function.Consumer;

/**
 * Port: every entity of one view table of the audited generation, page by page, in any order,
 * with its application properties only (no Timestamp, ETag or OData annotations).
 */
public interface ViewRows {

  void scan(ViewTable table, Consumer<AuditRow> sink);
}
