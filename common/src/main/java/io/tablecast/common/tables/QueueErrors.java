package io.tablecast.common.tables;

import com.azure.storage.queue.models.QueueErrorCode;
import com.azure.storage.queue.models.QueueStorageException;
import java.util.Optional;

/** Reads the queue service's answer out of a failure; the SDK wraps it when a call has a timeout. */
public final class QueueErrors {

  private QueueErrors() {}

  public static Optional<QueueStorageException> answer(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof QueueStorageException e) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  /** The queue does not exist (yet): nothing was ever sent to it. */
  public static boolean queueMissing(Throwable failure) {
    return answer(failure).filter(e -> QueueErrorCode.QUEUE_NOT_FOUND.equals(e.getErrorCode())).isPresent();
  }

  /**
   * A delete or an update failed because the receipt is no longer the caller's: the message is
   * gone (404), or it became visible again and another consumer received it (400
   * PopReceiptMismatch).
   */
  public static boolean lostHold(Throwable failure) {
    return answer(failure).filter(e -> e.getStatusCode() == 404
        || e.getStatusCode() == 400 && QueueErrorCode.POP_RECEIPT_MISMATCH.equals(e.getErrorCode())).isPresent();
  }
}
