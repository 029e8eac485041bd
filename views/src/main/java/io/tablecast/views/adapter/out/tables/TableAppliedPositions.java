package io.tablecast.views.adapter.out.tables;

import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.ConsistencyToken.AggregateVersion;
import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.EmployeesLayout;
import io.tablecast.common.tables.IndexLayout;
import io.tablecast.common.tables.ViewTable;
import io.tablecast.events.EmployeeId;
import io.tablecast.views.application.AppliedPositions;
import java.util.Optional;

/**
 * Whether the active generation reflects a write: its projector checkpoint has passed the
 * event's offset, or, for an answer that wrote no event, the aggregate's row has its version.
 */
public final class TableAppliedPositions implements AppliedPositions {

  private final ActiveTables tables;
  private final Queries queries;

  public TableAppliedPositions(ActiveTables tables) {
    this.tables = tables;
    this.queries = new Queries(tables);
  }

  @Override
  public boolean reflects(ConsistencyToken token) {
    if (token instanceof EventPosition position) {
      return queries.point(tables.checkpoints(), tables.active().checkpointPartition(),
              CheckpointLayout.rowKey(position.topic(), position.partition()))
          .map(row -> row.getProperty(CheckpointLayout.APPLIED_OFFSET))
          .map(offset -> ((Number) offset).longValue() >= position.offset())
          .orElse(false);
    }
    AggregateVersion aggregate = (AggregateVersion) token;
    Optional<Object> version = aggregate.kind().equals("department")
        ? queries.point(ViewTable.EMPLOYEES, aggregate.aggregateId(), EmployeesLayout.DEPARTMENT).map(r -> r.getProperty(EmployeesLayout.VERSION))
        : EmployeeId.tryParse(aggregate.aggregateId())
            .flatMap(id -> queries.point(ViewTable.EMPLOYEE_INDEX, IndexLayout.locatorPartition(id), IndexLayout.ROW))
            .map(r -> r.getProperty(EmployeesLayout.VERSION));
    return version.map(v -> ((Number) v).longValue() >= aggregate.version()).orElse(false);
  }
}
