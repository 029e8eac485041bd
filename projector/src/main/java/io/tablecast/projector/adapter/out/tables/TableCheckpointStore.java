package io.tablecast.projector.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import static io.tablecast.common.tables.CheckpointLayout.APPLIED_OFFSET;
import static io.tablecast.common.tables.CheckpointLayout.HEARTBEAT_AT;
import static io.tablecast.common.tables.CheckpointLayout.IN_FLIGHT_OFFSET;
import static io.tablecast.common.tables.CheckpointLayout.LAG;
import static io.tablecast.common.tables.CheckpointLayout.LAST_PROGRESS_AT;
import static io.tablecast.common.tables.CheckpointLayout.LOAD_END;
import static io.tablecast.common.tables.CheckpointLayout.PAUSED_REASON;
import static io.tablecast.common.tables.CheckpointLayout.PROJECTOR_PROGRESS_AT;
import static io.tablecast.common.tables.CheckpointLayout.RATE;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.EgtGuard;
import io.tablecast.common.tables.Generation;
import io.tablecast.projector.application.Checkpoint;
import io.tablecast.projector.application.CheckpointStore;
import io.tablecast.projector.application.PartitionRef;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code ProjectorCheckpoints}: one row per event-topic partition, in the generation's partition
 * {@code G<N>}. Every write merges only the properties it owns, so in-flight marks, applied marks
 * and heartbeats never erase each other; all rows of one write go in one EGT.
 */
public final class TableCheckpointStore implements CheckpointStore {


  private final TableClient table;
  private final Generation generation;

  public TableCheckpointStore(TableClient table, Generation generation) {
    this.table = table;
    this.generation = generation;
  }

  @Override
  public Map<PartitionRef, Checkpoint> load(Collection<PartitionRef> partitions) {
    Map<String, TableEntity> rows = CheckpointRows.read(table, generation);
    Map<PartitionRef, Checkpoint> checkpoints = new LinkedHashMap<>();
    for (PartitionRef partition : partitions) {
      TableEntity row = rows.get(rowKey(partition));
      checkpoints.put(partition, row == null ? Checkpoint.NONE
          : new Checkpoint(offset(row, APPLIED_OFFSET), offset(row, IN_FLIGHT_OFFSET)));
    }
    return checkpoints;
  }

  @Override
  public void mark(Map<PartitionRef, Long> inFlight, Map<PartitionRef, Long> applied, Map<PartitionRef, Long> lags, Instant at) {
    OffsetDateTime now = OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    Set<PartitionRef> rows = new LinkedHashSet<>(inFlight.keySet());
    rows.addAll(applied.keySet());
    merge(rows, p -> {
      Map<String, Object> properties = new HashMap<>();
      if (inFlight.containsKey(p)) {
        properties.put(IN_FLIGHT_OFFSET, inFlight.get(p));
      }
      if (applied.containsKey(p)) {
        properties.putAll(Map.of(APPLIED_OFFSET, applied.get(p), LAG, lags.getOrDefault(p, 0L), LAST_PROGRESS_AT, now, HEARTBEAT_AT, now,
            PROJECTOR_PROGRESS_AT, now));
      }
      return properties;
    });
  }

  @Override
  public void heartbeat(Heartbeat heartbeat, Instant at) {
    OffsetDateTime now = OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    OffsetDateTime progressAt = OffsetDateTime.ofInstant(heartbeat.progressAt(), ZoneOffset.UTC);
    merge(heartbeat.lags().keySet(), p -> Map.<String, Object>of(
        LAG, heartbeat.lags().get(p), HEARTBEAT_AT, now, PAUSED_REASON, heartbeat.pausedReasons().getOrDefault(p, ""),
        PROJECTOR_PROGRESS_AT, progressAt, RATE, heartbeat.rates().getOrDefault(p, 0.0)));
  }

  /**
   * A rebuild's bulk load: the log's end that it folds up to ({@link CheckpointLayout#LOAD_END}),
   * written before it starts, so that a resumed load folds the same records.
   */
  public void planLoad(Map<PartitionRef, Long> end) {
    merge(end.keySet(), p -> Map.of(LOAD_END, end.get(p)));
  }

  /** The end written by {@link #planLoad}, per partition; empty when no load was planned. */
  public Map<PartitionRef, Long> plannedLoad() {
    Map<PartitionRef, Long> end = new HashMap<>();
    CheckpointRows.read(table, generation).forEach((rowKey, row) -> {
      if (row.getProperty(LOAD_END) instanceof Number offset) {
        end.put(new PartitionRef(CheckpointLayout.topicOf(rowKey), CheckpointLayout.partitionOf(rowKey)), offset.longValue());
      }
    });
    return end;
  }

  private void merge(Collection<PartitionRef> partitions, Function<PartitionRef, Map<String, Object>> properties) {
    List<TableTransactionAction> actions = new ArrayList<>();
    for (PartitionRef partition : partitions) {
      TableEntity row = new TableEntity(generation.checkpointPartition(), rowKey(partition)).setProperties(properties.apply(partition));
      actions.add(new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE, row));
    }
    for (int from = 0; from < actions.size(); from += EgtGuard.MAX_OPERATIONS) {
      List<TableTransactionAction> egt = actions.subList(from, Math.min(actions.size(), from + EgtGuard.MAX_OPERATIONS));
      EgtGuard.check(egt);
      table.submitTransactionWithResponse(egt, NO_TIMEOUT, Context.NONE);
    }
  }

  private static String rowKey(PartitionRef partition) {
    return CheckpointLayout.rowKey(partition.topic(), partition.partition());
  }

  private static long offset(TableEntity row, String property) {
    Object value = row.getProperty(property);
    return value == null ? -1 : ((Number) value).longValue();
  }
}
