package io.tablecast.views.adapter.out.tables;

import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.projection.AggregateRow;
import io.tablecast.views.application.Aggregate;
import io.tablecast.views.application.AppliedOffsets;
import io.tablecast.views.application.AppliedPositions;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How far the active generation is: its rows of {@code ProjectorCheckpoints} (one partition
 * query), and an aggregate's version on the row the view set keeps it in ({@link AggregateRow}),
 * one point read of that column. Read-only; a missing row or table, or an aggregate of a kind the view set does
 * not keep, reads as nothing applied.
 */
public final class TableAppliedPositions implements AppliedPositions {

  private final ActiveTables tables;
  private final Queries queries;
  private final Map<String, AggregateRow> aggregates;

  public TableAppliedPositions(ActiveTables tables, List<AggregateRow> aggregates) {
    this.tables = tables;
    this.queries = new Queries(tables);
    this.aggregates = aggregates.stream().collect(Collectors.toUnmodifiableMap(AggregateRow::kind, Function.identity()));
  }

  @Override
  public AppliedOffsets offsets() {
    return new AppliedOffsets(CheckpointRows.applied(tables.checkpoints(), tables.active()));
  }

  @Override
  public OptionalLong version(Aggregate aggregate) {
    AggregateRow kept = aggregates.get(aggregate.kind());
    if (kept == null) {
      return OptionalLong.empty();
    }
    return kept.row().apply(aggregate.id())
        .flatMap(row -> queries.point(row.table(), row.partitionKey(), row.rowKey(), List.of(kept.versionColumn())))
        .map(entity -> kept.version(entity.getProperties()))
        .orElse(OptionalLong.empty());
  }
}
