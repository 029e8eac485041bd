package io.tablecast.operations.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.EgtGuard;
import io.tablecast.common.tables.Generation;
import io.tablecast.operations.application.audit.RowWriter;
import io.tablecast.operations.domain.audit.StorageLimits;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.ViewSet;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Bulk-loads a generation's tables (the guide's advice for bulk inserts: Entity Group
 * Transactions of up to 100 entities of one partition, many partitions in parallel). Rows are
 * buffered per partition; a partition's buffer is sent when it is full (100 rows, or {@link
 * #EGT_BYTES} of them, under the service's 4 MiB per transaction), or when it is the least
 * recently written of more than {@value #OPEN_PARTITIONS} open ones, so that a partition's rows,
 * which arrive together, go out together. Each row is an upsert (replace), so a redone load
 * leaves the same rows. A one-row buffer goes as a single upsert, which the store handles more
 * cheaply than a transaction.
 *
 * <p>Memory: at most {@value #OPEN_PARTITIONS} buffers of at most 100 rows, and {@value
 * #IN_FLIGHT} requests in flight.
 */
public final class TableRowWriter implements RowWriter {

  static final int OPEN_PARTITIONS = 1_000;
  static final int IN_FLIGHT = 16;

  /** What an EGT may carry, with room to spare under the service's 4 MiB for the batch's own envelope. */
  static final long EGT_BYTES = 3L * 1024 * 1024;

  private record Partition(ViewSet.Table table, String partitionKey) {}

  /** One partition's rows waiting to be sent, by RowKey, and their size. */
  private static final class Buffer {
    final Map<String, TableEntity> rows = new LinkedHashMap<>();
    long bytes;
  }

  private final Map<ViewSet.Table, TableClient> tables = new HashMap<>();
  private final LinkedHashMap<Partition, Buffer> open = new LinkedHashMap<>(64, 0.75f, true);
  private final ExecutorService senders = Executors.newFixedThreadPool(IN_FLIGHT, DaemonThreads.named("bulk-load"));
  private final Semaphore inFlight = new Semaphore(IN_FLIGHT);
  private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
  private final Map<ViewSet.Table, AtomicLong> storedByTable = new HashMap<>();

  public TableRowWriter(AzureClients azure, Generation generation) {
    for (ViewSet.Table table : generation.viewSet().tables()) {
      tables.put(table, azure.table(generation.table(table)));
      storedByTable.put(table, new AtomicLong());
    }
  }

  @Override
  public void write(RowChange.Put row) {
    Partition partition = new Partition(row.ref().table(), row.ref().partitionKey());
    long bytes = StorageLimits.bytes(row);
    Buffer buffer = open.get(partition);
    if (buffer != null && buffer.bytes + bytes > EGT_BYTES) {
      send(partition, open.remove(partition));
    }
    buffer = open.computeIfAbsent(partition, p -> new Buffer());
    buffer.rows.put(row.ref().rowKey(), TableRows.toTable(row.ref().partitionKey(), row.ref().rowKey(), row.properties(), null));
    buffer.bytes += bytes;
    if (buffer.rows.size() == EgtGuard.MAX_OPERATIONS) {
      send(partition, open.remove(partition));
    } else if (open.size() > OPEN_PARTITIONS) {
      Iterator<Map.Entry<Partition, Buffer>> eldest = open.entrySet().iterator();
      Map.Entry<Partition, Buffer> next = eldest.next();
      eldest.remove();
      send(next.getKey(), next.getValue());
    }
  }

  @Override
  public void flush() {
    List<Map.Entry<Partition, Buffer>> rest = new ArrayList<>(open.entrySet());
    open.clear();
    rest.forEach(e -> send(e.getKey(), e.getValue()));
    acquire(IN_FLIGHT);
    inFlight.release(IN_FLIGHT);
    throwIfFailed();
  }

  @Override
  public long stored() {
    return storedByTable.values().stream().mapToLong(AtomicLong::get).sum();
  }

  @Override
  public Map<ViewSet.Table, Long> storedByTable() {
    Map<ViewSet.Table, Long> counts = new HashMap<>();
    storedByTable.forEach((table, count) -> counts.put(table, count.get()));
    return counts;
  }

  private void send(Partition partition, Buffer buffer) {
    throwIfFailed();
    acquire(1);
    TableClient table = tables.get(partition.table());
    List<TableEntity> entities = List.copyOf(buffer.rows.values());
    senders.execute(() -> {
      try {
        if (entities.size() == 1) {
          table.upsertEntityWithResponse(entities.get(0), TableEntityUpdateMode.REPLACE, NO_TIMEOUT, null);
        } else {
          List<TableTransactionAction> actions = entities.stream()
              .map(e -> new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, e)).toList();
          EgtGuard.check(actions);
          table.submitTransactionWithResponse(actions, NO_TIMEOUT, null);
        }
        storedByTable.get(partition.table()).addAndGet(entities.size());
      } catch (RuntimeException e) {
        failure.compareAndSet(null, e);
      } finally {
        inFlight.release();
      }
    });
  }

  private void acquire(int permits) {
    try {
      inFlight.acquire(permits);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while loading", e);
    }
  }

  private void throwIfFailed() {
    RuntimeException e = failure.get();
    if (e != null) {
      throw e;
    }
  }

  @Override
  public void close() {
    senders.shutdownNow();
  }
}
