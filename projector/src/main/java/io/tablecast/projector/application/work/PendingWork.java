package io.tablecast.projector.application.work;

import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.Work;
import io.tablecast.projector.application.WorkItemSender;
import io.tablecast.projector.domain.work.PendingItems;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Queues again the cross-partition work that the store may have lost (docs/work-items.md, "After
 * a crash"). Run once when the store is known to have lost writes: after a crash of dev mode,
 * whose Azurite saves its tables and its queues to disk every few seconds and independently, or
 * when the projector finds a checkpoint behind the log. A queue that lost the message of work
 * still to do, or kept the deletion of a message whose work the tables lost, leaves a locator
 * that its workers' state does not follow; every such employee, and every department's manager,
 * gets its work queued again.
 *
 * <p>Reads every locator and workers' state of the generation, and the employee rows only when
 * some work is pending: a scan of the tables, for the rare moments it is needed. Items are
 * triggers, so queuing work that is also still on a queue, or being done, changes nothing.
 */
public final class PendingWork {

  private static final Logger log = LoggerFactory.getLogger(PendingWork.class);

  private final PendingWorkScan scan;
  private final WorkItemSender work;

  public PendingWork(PendingWorkScan scan, WorkItemSender work) {
    this.scan = scan;
    this.work = work;
  }

  /** Scans and queues; returns the number of items queued. */
  public int requeue() {
    long started = System.nanoTime();
    Map<EmployeeId, LocatorRow> pending = new LinkedHashMap<>();
    long[] employees = {0};
    scan.employees((employee, locator, state) -> {
      employees[0]++;
      if (!PendingItems.settled(locator, state)) {
        pending.put(employee, locator);
      }
    });
    List<Work> items = new ArrayList<>();
    if (!pending.isEmpty()) {
      Map<EmployeeId, Set<String>> holding = scan.departmentsHolding(pending.keySet());
      pending.forEach((employee, locator) -> items.addAll(PendingItems.of(employee, locator, holding.getOrDefault(employee, Set.of()))));
    }
    List<Work> managers = scan.managers();
    items.addAll(managers);
    work.send(items.stream().map(item -> new WorkItemSender.Queued(item, null)).toList());
    log.info("Queued the pending work again: {} of {} employees not settled, {} departments with a manager; {} items in {} ms",
        pending.size(), employees[0], managers.size(), items.size(), (System.nanoTime() - started) / 1_000_000);
    return items.size();
  }
}
