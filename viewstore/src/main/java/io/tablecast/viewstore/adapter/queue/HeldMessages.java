package io.tablecast.viewstore.adapter.queue;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.tablecast.common.tables.QueueErrors;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a queue worker does with a message it holds (SPEC §4): deletes it once done, updates it
 * with the reason of a failed attempt, parks it. A hold that another worker took meanwhile (the
 * visibility timeout ran out) is let go: that worker now decides.
 */
public final class HeldMessages {

  private static final Logger log = LoggerFactory.getLogger(HeldMessages.class);

  private HeldMessages() {}

  public static void send(QueueClient target, String text) {
    target.sendMessageWithResponse(text, null, null, NO_TIMEOUT, Context.NONE);
  }

  /** Deletes it with this receipt; gone already, or received again by another worker: nothing to do. */
  public static void delete(QueueClient queue, QueueMessageItem received) {
    try {
      queue.deleteMessageWithResponse(received.getMessageId(), received.getPopReceipt(), NO_TIMEOUT, Context.NONE);
    } catch (RuntimeException e) {
      if (!QueueErrors.lostHold(e)) {
        throw e;
      }
      log.debug("Message {} was taken by another worker before its delete", received.getMessageId());
    }
  }

  /** Its text becomes {@code text}, and it stays hidden for {@code visibility}. */
  public static void update(QueueClient queue, QueueMessageItem received, String text, Duration visibility) {
    try {
      queue.updateMessageWithResponse(received.getMessageId(), received.getPopReceipt(), text, visibility, NO_TIMEOUT, Context.NONE);
    } catch (RuntimeException e) {
      if (!QueueErrors.lostHold(e)) {
        throw e;
      }
      log.debug("Message {} was taken by another worker before its update", received.getMessageId());
    }
  }

  /** Into {@code poison} with the reason, its copy written before it is deleted: it is never lost. */
  public static void park(QueueClient queue, QueueClient poison, QueueMessageItem received, String text, String reason, Clock clock) {
    send(poison, ParkedMessages.write(new ParkedMessages.Parked(queue.getQueueName(), reason, clock.instant(), received.getDequeueCount(),
        text)));
    delete(queue, received);
    log.warn("Parked message {} of {} in {}: {}", received.getMessageId(), queue.getQueueName(), poison.getQueueName(), reason);
  }
}
