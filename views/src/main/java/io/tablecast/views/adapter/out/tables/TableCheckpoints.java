package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.views.application.CheckpointSource;
import io.tablecast.views.domain.dashboard.CheckpointRow;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** A generation's rows of {@code ProjectorCheckpoints}, with one listing of its partition ({@link CheckpointRows}). */
public final class TableCheckpoints implements CheckpointSource {

  private final ActiveTables tables;

  public TableCheckpoints(ActiveTables tables) {
    this.tables = tables;
  }

  @Override
  public List<CheckpointRow> rows(int generation) {
    return CheckpointRows.read(tables.checkpoints(), tables.generation(generation)).values().stream().map(TableCheckpoints::row).toList();
  }

  private static CheckpointRow row(TableEntity row) {
    String key = row.getRowKey();
    return new CheckpointRow(CheckpointLayout.topicOf(key), CheckpointLayout.partitionOf(key),
        offset(row.getProperty(CheckpointLayout.APPLIED_OFFSET)), CheckpointLayout.lag(row::getProperty),
        offset(row.getProperty(CheckpointLayout.LOAD_END)),
        row.getProperty(CheckpointLayout.PAUSED_REASON) instanceof String reason && !reason.isBlank() ? Optional.of(reason) : Optional.empty());
  }

  private static OptionalLong offset(Object value) {
    return value instanceof Number n ? OptionalLong.of(n.longValue()) : OptionalLong.empty();
  }
}
