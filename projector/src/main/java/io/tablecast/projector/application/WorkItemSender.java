package io.tablecast.projector.application;

import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.List;

/** Port: hands work items to the queue workers; returns once they are durably queued. */
public interface WorkItemSender {

  void send(List<WorkItem> items);
}
