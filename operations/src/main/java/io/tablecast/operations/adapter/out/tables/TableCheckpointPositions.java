package io.tablecast.operations.adapter.out.tables;

import com.azure.data.tables.TableClient;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.operations.application.audit.CheckpointPositions;
import java.util.Map;
import java.util.TreeMap;

/**
 * The applied and in-flight offsets of one generation in {@code ProjectorCheckpoints}, for
 * {@code verify}'s quiescence check. Read-only; no table yet means no positions.
 */
public final class TableCheckpointPositions implements CheckpointPositions {

  private final TableClient table;
  private final Generation generation;

  public TableCheckpointPositions(TableClient table, Generation generation) {
    this.table = table;
    this.generation = generation;
  }

  @Override
  public Map<String, String> positions() {
    Map<String, String> positions = new TreeMap<>();
    CheckpointRows.read(table, generation).forEach((rowKey, row) -> positions.put(rowKey,
        row.getProperty(CheckpointLayout.APPLIED_OFFSET) + "/" + row.getProperty(CheckpointLayout.IN_FLIGHT_OFFSET)));
    return positions;
  }
}
