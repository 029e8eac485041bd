package io.tablecast.views.adapter.out.tables;

import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.views.application.Aggregate;
import io.tablecast.views.application.AppliedOffsets;
import io.tablecast.views.application.AppliedPositions;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How far the active generation is: its rows of {@code ProjectorCheckpoints} (one partition
 * query), and an aggregate's version on the row the projector writes with it (a point read of
 * the department summary in {@code Employees}, or of the employee's locator in
 * {@code EmployeeIndex}). Read-only; a missing row or table reads as nothing applied.
 */
public final class TableAppliedPositions implements AppliedPositions {

  private final ActiveTables tables;
  private final Queries queries;

  public TableAppliedPositions(ActiveTables tables) {
    this.tables = tables;
    this.queries = new Queries(tables);
  }

  @Override
  public AppliedOffsets offsets() {
    return new AppliedOffsets(CheckpointRows.applied(tables.checkpoints(), tables.active()));
  }

  @Override
  public OptionalLong version(Aggregate aggregate) {
    Optional<Object> version = aggregate.isDepartment()
        ? queries.point(ViewTable.EMPLOYEES, aggregate.id(), EmployeesLayout.DEPARTMENT).map(r -> r.getProperty(EmployeesLayout.VERSION))
        : EmployeeId.tryParse(aggregate.id())
            .flatMap(id -> queries.point(ViewTable.EMPLOYEE_INDEX, IndexLayout.locatorPartition(id), IndexLayout.ROW))
            .map(r -> r.getProperty(EmployeesLayout.VERSION));
    return version.filter(Number.class::isInstance).map(v -> OptionalLong.of(((Number) v).longValue())).orElse(OptionalLong.empty());
  }
}
