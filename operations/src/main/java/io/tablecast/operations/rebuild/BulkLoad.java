package io.tablecast.operations.rebuild;

import com.azure.data.tables.TableClient;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.operations.adapter.in.kafka.KafkaEventLog;
import io.tablecast.operations.adapter.out.tables.TableRowWriter;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyProgress;
import io.tablecast.projection.LogAudit;
import io.tablecast.projector.adapter.out.tables.TableCheckpointStore;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.projector.application.PartitionRef;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A rebuild's first two phases: the log up to its end {@code E} at the start is folded with the
 * production folds and inserted into the new generation's empty tables ({@link GenerationLoad}),
 * then the generation's checkpoints are set at {@code E}, so that its projector starts there and
 * only what came after takes the live path. Under the pause policy, a partition whose fold ended
 * at a record that does not decode gets its checkpoint just before it: the projector starts at it
 * and pauses there, as the live one did.
 *
 * <p>Resumable: {@code E} is written to the checkpoint rows ({@link CheckpointLayout#LOAD_END})
 * before the load starts, so a load that stopped half-way is done again over exactly the same
 * records, and its upserts leave exactly the same rows. A generation whose checkpoints say
 * anything is applied is loaded already, or was projected from the start.
 */
final class BulkLoad<E> {

  private static final Logger log = LoggerFactory.getLogger(BulkLoad.class);

  private final LogAudit<E> audit;
  private final KafkaEventLog<E> events;
  private final AzureClients azure;
  private final Generation generation;
  private final TableClient checkpointTable;
  private final TableCheckpointStore checkpoints;
  private final Clock clock;
  private final FailurePolicy onFailure;

  BulkLoad(KafkaSettings kafka, AzureClients azure, Generation generation, LogAudit<E> audit, FailurePolicy onFailure, Clock clock) {
    this.audit = audit;
    this.events = new KafkaEventLog<>(kafka, generation.namespace(), audit.views());
    this.onFailure = onFailure;
    this.azure = azure;
    this.generation = generation;
    this.checkpointTable = azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints());
    this.checkpoints = new TableCheckpointStore(checkpointTable, generation);
    this.clock = clock;
  }

  /** Whether the generation's projector has a start: the load is done, or it projects from the beginning. */
  boolean done() {
    return !CheckpointRows.applied(checkpointTable, generation).isEmpty();
  }

  /** Folds and loads the log up to the planned end (planned now if no earlier run did); returns what it did. */
  GenerationLoad.Report run(Verifier.Settings spill, VerifyProgress progress) {
    Map<PartitionRef, Long> planned = checkpoints.plannedLoad();
    Map<PartitionRef, Long> end = planned.isEmpty() ? plan() : planned;
    log.info("Loading generation {} from the log: {} records in {} partitions", generation.number(),
        end.values().stream().mapToLong(Long::longValue).sum(), end.size());
    GenerationLoad.Report report;
    try (TableRowWriter writer = new TableRowWriter(azure, generation)) {
      report = GenerationLoad.load(audit, sink -> events.readUpTo(end, sink), writer, spill, onFailure, progress);
    }
    Map<PartitionRef, Long> last = new HashMap<>();
    end.forEach((partition, offset) -> last.put(partition, Math.min(offset, report.pausedAt().getOrDefault(partition, offset)) - 1));
    Map<PartitionRef, Long> noLag = new HashMap<>();
    end.keySet().forEach(partition -> noLag.put(partition, 0L));
    checkpoints.mark(last, last, noLag, clock.instant());
    log.info("Generation {} loaded: {} events folded into {} rows in {} s (log read in {} s)", generation.number(), report.eventsRead(),
        report.rowsStored(), report.read().plus(report.loaded()).toSeconds(), report.read().toSeconds());
    if (report.parked() > 0) {
      log.warn("Generation {}: {} record(s) of the log left out of the views, as the live projector leaves them out; the first: {}",
          generation.number(), report.parked(), report.parkedShown());
    }
    return report;
  }

  private Map<PartitionRef, Long> plan() {
    Map<PartitionRef, Long> end = events.endOffsets();
    checkpoints.planLoad(end);
    return end;
  }
}
