package io.tablecast.workers.application.work;

import io.tablecast.viewstore.application.work.WorkDeferred;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.List;

/**
 * Part of a message is done and part must wait: the message is retried with only the items
 * {@link #left()}, so the employees that were free are not worked on again.
 */
public final class WorkLeftOver extends WorkDeferred {

  private final transient List<WorkItem> left;

  public WorkLeftOver(String reason, List<WorkItem> left) {
    super(reason);
    this.left = List.copyOf(left);
  }

  /** The items still to do, in the message's order. */
  public List<WorkItem> left() {
    return left;
  }
}
