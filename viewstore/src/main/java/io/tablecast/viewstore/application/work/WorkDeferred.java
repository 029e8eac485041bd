package io.tablecast.viewstore.application.work;

/**
 * The work cannot be done now but may succeed later: another worker holds the aggregate it works
 * on, a row kept changing under the worker, the worker ran out of lease. The message is retried
 * after a backoff and never parked in a poison queue for this.
 */
public class WorkDeferred extends RuntimeException {

  public WorkDeferred(String message) {
    super(message, null, false, false);
  }
}
