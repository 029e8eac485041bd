package io.tablecast.common.tables;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import java.util.Map;
import java.util.TreeMap;

/**
 * A generation's rows of {@code ProjectorCheckpoints} ({@link CheckpointLayout}), read with one
 * listing of its partition {@code G<N>}: by the projector after a restart, by the views for lag
 * and the flip, and by the rebuild for its progress and its clean-up.
 */
public final class CheckpointRows {

  private CheckpointRows() {}

  /** The rows by RowKey ({@code <topic>-<partition>}); none while the table does not exist. */
  public static Map<String, TableEntity> read(TableClient checkpoints, Generation generation) {
    Map<String, TableEntity> rows = new TreeMap<>();
    try {
      checkpoints.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + generation.checkpointPartition() + "'"),
          Calls.NO_TIMEOUT, Context.NONE).forEach(row -> rows.put(row.getRowKey(), row));
    } catch (HttpResponseException e) {
      // A listing reports a missing table as the SDK's implementation type, not TableServiceException.
      if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
    return rows;
  }

  /** Each partition's {@link CheckpointLayout#APPLIED_OFFSET}, for the rows that have one. */
  public static Map<String, Long> applied(TableClient checkpoints, Generation generation) {
    Map<String, Long> applied = new TreeMap<>();
    read(checkpoints, generation).forEach((rowKey, row) -> {
      if (row.getProperty(CheckpointLayout.APPLIED_OFFSET) instanceof Number offset) {
        applied.put(rowKey, offset.longValue());
      }
    });
    return applied;
  }

  /** The records applied over all partitions: each applied offset plus one, as offsets start at 0. */
  public static long recordsApplied(TableClient checkpoints, Generation generation) {
    return applied(checkpoints, generation).values().stream().mapToLong(offset -> offset + 1).sum();
  }
}
