package io.tablecast.viewstore.adapter.out.tables;


import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.storage.queue.models.QueueStorageException;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.FollowActiveGeneration;
import io.tablecast.common.tables.Generation;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage of one generation as a whole: its five tables, its work and poison queues, and its
 * rows in {@code ProjectorCheckpoints}. Dropping a generation deletes its tables whole, the
 * guide's high-volume delete pattern: one request per table, however many entities it holds.
 */
public final class GenerationStorage {

  private static final Logger log = LoggerFactory.getLogger(GenerationStorage.class);

  private final AzureClients azure;

  public GenerationStorage(AzureClients azure) {
    this.azure = azure;
  }

  /** Moves a follower of the catalog once the next generation's tables and queues exist (it creates any missing). */
  public FollowActiveGeneration.MoveWhen onceCreated() {
    return (from, to) -> {
      create(to);
      return true;
    };
  }

  /** Creates whatever of the generation is missing. Idempotent. */
  public void create(Generation generation) {
    generation.tables().forEach(azure.tableService()::createTableIfNotExists);
    generation.queues().forEach(name -> azure.queue(name).createIfNotExists());
  }

  /** Deletes the generation's tables, queues and checkpoints; what is already gone is skipped. */
  public void drop(Generation generation) {
    for (String table : generation.tables()) {
      try {
        azure.tableService().deleteTable(table);
      } catch (TableServiceException e) {
        if (e.getResponse().getStatusCode() != 404) {
          throw e;
        }
      }
    }
    generation.queues().forEach(name -> {
      try {
        azure.queue(name).delete();
      } catch (QueueStorageException e) {
        if (e.getStatusCode() != 404) {
          throw e;
        }
      }
    });
    deleteCheckpoints(generation);
    log.info("Generation {} dropped: {} tables and {} queues deleted", generation.number(), generation.tables().size(),
        generation.queues().size());
  }

  private void deleteCheckpoints(Generation generation) {
    TableClient checkpoints = azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints());
    List<TableTransactionAction> deletes = CheckpointRows.read(checkpoints, generation).values().stream()
        .map(row -> new TableTransactionAction(TableTransactionActionType.DELETE, new TableEntity(row.getPartitionKey(), row.getRowKey())))
        .toList();
    Egts.submitAll(checkpoints, deletes);
  }
}
