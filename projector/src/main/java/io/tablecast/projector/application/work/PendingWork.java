package io.tablecast.projector.application.work;

import io.tablecast.projection.TableScan;
import io.tablecast.projection.UnfinishedWork;
import io.tablecast.projector.application.WorkItemSender;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Queues again the cross-partition work that the store may have lost (docs/work-items.md, "After
 * a crash"). Run once when the store is known to have lost writes: after a crash of dev mode,
 * whose Azurite saves its tables and its queues to disk every few seconds and independently, or
 * when the projector finds a checkpoint behind the log. The view set finds in its tables the work
 * left unfinished ({@link UnfinishedWork}): a scan of the tables, for the rare moments it is
 * needed. Items are triggers, so queuing work that is also still on a queue, or being done,
 * changes nothing.
 */
public final class PendingWork {

  private static final Logger log = LoggerFactory.getLogger(PendingWork.class);

  private final UnfinishedWork unfinished;
  private final TableScan tables;
  private final WorkItemSender work;

  public PendingWork(UnfinishedWork unfinished, TableScan tables, WorkItemSender work) {
    this.unfinished = unfinished;
    this.tables = tables;
    this.work = work;
  }

  /** Scans and queues; returns the number of items queued. */
  public int requeue() {
    long started = System.nanoTime();
    UnfinishedWork.Found found = unfinished.find(tables);
    work.send(found.items().stream().map(item -> new WorkItemSender.Queued(item, null)).toList());
    log.info("Queued the pending work again: {}; {} items in {} ms", found.account(), found.items().size(),
        (System.nanoTime() - started) / 1_000_000);
    return found.items().size();
  }
}
