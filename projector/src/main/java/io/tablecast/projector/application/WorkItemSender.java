package io.tablecast.projector.application;

import io.tablecast.projection.Work;
import io.tablecast.viewstore.domain.SourcePosition;
import java.util.List;

/** Port: hands the work the events asked for to their steps' queues; returns once it is durably queued. */
public interface WorkItemSender {

  /**
   * One item of a step, with where the event that asked for it is in the log.
   *
   * @param source null for work queued again after a crash, which no one event asked for
   */
  record Queued(Work work, SourcePosition source) {

    /** The trace of the event that asked for it, or null. */
    public String traceparent() {
      return source == null ? null : source.traceparent();
    }
  }

  void send(List<Queued> items);
}
