package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.EgtGuard;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Turn;
import io.tablecast.projection.Turn.Write;
import io.tablecast.projection.ViewSet;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.domain.ViewEntity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the turns of any projection against one generation of its view set's tables: reads the
 * rows the turn declared (point reads), folds its events over them, and writes each partition's
 * rows in Entity Group Transactions of at most {@value EgtGuard#MAX_OPERATIONS}, each guarded by
 * what was read: an insert fails if the row appeared, a replace or delete carries the ETag read.
 *
 * <p>A write that loses a race ({@link OptimisticWrite}) reads and folds the whole turn again.
 * Partitions written before the race keep their rows: folded again, the events find them applied
 * (the folds' version guards, {@link Projection}) and leave them as they are.
 */
public final class TableTurns {

  private final Generation generation;
  private final Map<ViewSet.Table, TableClient> tables = new HashMap<>();

  public TableTurns(AzureClients azure, Generation generation) {
    this.generation = generation;
    generation.viewSet().tables().forEach(table -> tables.put(table, azure.table(generation.table(table))));
  }

  /** One lane's events, in their order, applied by {@code projection}. */
  public <E> void apply(Projection<E> projection, List<E> events) {
    apply(new Turn<>(projection, events));
  }

  /** One turn: a lane's events, or a step's item ({@link io.tablecast.projection.Work#turn}). */
  public void apply(Turn<?> turn) {
    Projection<?> projection = turn.projection();
    OptimisticWrite.apply(
        conflicts -> read(turn),
        read -> turn.fold(propertiesOf(read)),
        this::write,
        lost -> new IllegalStateException("Projection '" + projection.name() + "' lost " + OptimisticWrite.MAX_CONFLICTS
            + " races in a row for the rows of generation " + generation.number() + ": " + lost.getMessage(), lost));
  }

  private Map<RowRef, Read> read(Turn<?> turn) {
    Map<Partition, List<String>> byPartition = new LinkedHashMap<>();
    turn.reads().forEach(ref -> byPartition.computeIfAbsent(Partition.of(ref), p -> new ArrayList<>()).add(ref.rowKey()));
    Map<RowRef, Read> read = new HashMap<>();
    byPartition.forEach((partition, rowKeys) -> RowReader.read(client(partition.table()), partition.key(), rowKeys)
        .forEach((rowKey, row) -> read.put(new RowRef(partition.table(), partition.key(), rowKey), row)));
    return read;
  }

  private void write(Map<RowRef, Read> read, List<Write> writes) {
    Map<Partition, List<TableTransactionAction>> byPartition = new LinkedHashMap<>();
    for (Write write : writes) {
      if (write.kind() == Write.Kind.DELETE_IF_PRESENT) {
        deleteIfPresent(write.ref());
      } else {
        byPartition.computeIfAbsent(Partition.of(write.ref()), p -> new ArrayList<>()).add(action(write, read.get(write.ref())));
      }
    }
    byPartition.forEach((partition, actions) -> Egts.submitAll(client(partition.table()), actions));
  }

  private static TableTransactionAction action(Write write, Read read) {
    RowRef ref = write.ref();
    String etag = read == null ? null : read.etag();
    TableEntity row = TableRows.toTable(ref.partitionKey(), new ViewEntity(ref.rowKey(), write.properties()), etag);
    return switch (write.kind()) {
      case INSERT -> new TableTransactionAction(TableTransactionActionType.CREATE, row);
      case REPLACE -> new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, row, true);
      case DELETE -> new TableTransactionAction(TableTransactionActionType.DELETE, row, true);
      case UPSERT -> new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, row);
      case MERGE -> new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE, row);
      case DELETE_IF_PRESENT -> throw new IllegalArgumentException("Deleted apart: " + ref);
    };
  }

  private void deleteIfPresent(RowRef ref) {
    try {
      client(ref.table()).deleteEntityWithResponse(new TableEntity(ref.partitionKey(), ref.rowKey()), false, NO_TIMEOUT, Context.NONE);
    } catch (TableServiceException e) {
      if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
        throw e;
      }
    }
  }

  private TableClient client(ViewSet.Table table) {
    return tables.get(table);
  }

  private static Map<RowRef, Map<String, Object>> propertiesOf(Map<RowRef, Read> read) {
    Map<RowRef, Map<String, Object>> properties = new HashMap<>();
    read.forEach((ref, row) -> properties.put(ref, row.row().properties()));
    return properties;
  }

  private record Partition(ViewSet.Table table, String key) {
    static Partition of(RowRef ref) {
      return new Partition(ref.table(), ref.partitionKey());
    }
  }
}
