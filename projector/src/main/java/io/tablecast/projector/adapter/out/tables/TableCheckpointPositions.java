package io.tablecast.projector.adapter.out.tables;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.core.exception.HttpResponseException;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.Generation;
import io.tablecast.projector.application.audit.CheckpointPositions;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * The applied and in-flight offsets of one generation in {@code ProjectorCheckpoints}, for
 * {@code verify}'s quiescence check. Read-only; no table yet means no positions.
 */
public final class TableCheckpointPositions implements CheckpointPositions {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final TableClient table;
  private final String partitionKey;

  public TableCheckpointPositions(TableClient table, Generation generation) {
    this.table = table;
    this.partitionKey = generation.checkpointPartition();
  }

  @Override
  public Map<String, String> positions() {
    Map<String, String> positions = new TreeMap<>();
    try {
      table.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + partitionKey + "'"), TIMEOUT, Context.NONE)
          .forEach(row -> positions.put(row.getRowKey(),
              row.getProperty(CheckpointLayout.APPLIED_OFFSET) + "/" + row.getProperty(CheckpointLayout.IN_FLIGHT_OFFSET)));
    } catch (HttpResponseException e) {
      // A listing reports a missing table as the SDK's implementation type, not TableServiceException.
      if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
    return positions;
  }
}
