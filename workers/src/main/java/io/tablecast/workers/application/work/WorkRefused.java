package io.tablecast.workers.application.work;

/**
 * The work can never be done as asked: an item names a department that cannot exist, or an
 * employee with no locator. Retrying cannot help; after its retries the item is parked in the
 * poison queue with this reason.
 */
public class WorkRefused extends RuntimeException {

  public WorkRefused(String message) {
    super(message, null, false, false);
  }
}
