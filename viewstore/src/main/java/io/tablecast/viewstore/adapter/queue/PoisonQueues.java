package io.tablecast.viewstore.adapter.queue;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.PeekedMessageItem;
import com.azure.storage.queue.models.QueueMessageItem;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.QueueErrors;
import io.tablecast.projection.ViewSet;
import io.tablecast.viewstore.adapter.queue.ParkedMessages.Parked;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The operator's side of the poison queues (SPEC §4 "operators can repair what was parked"): list
 * what was parked and why, and requeue messages onto their work queue once the cause is fixed.
 * Nothing here deletes a parked message without first sending it back to work.
 */
public final class PoisonQueues {

  /** Peeking shows at most this many messages of a queue at once (the service's limit). */
  public static final int PEEK_LIMIT = 32;
  private static final Duration HOLD = Duration.ofSeconds(30);

  private final AzureClients azure;
  private final Generation generation;

  public PoisonQueues(AzureClients azure, Generation generation) {
    this.azure = azure;
    this.generation = generation;
  }

  /**
   * A parked message.
   *
   * @param parked the reason and the original message; empty if the text is not a parked message
   */
  public record Entry(ViewSet.Queue queue, String messageId, OffsetDateTime parkedAt, Optional<Parked> parked, String text) {}

  /** One poison queue: how many messages it holds, and the first of them. */
  public record Listing(ViewSet.Queue queue, String name, int count, List<Entry> first) {}

  public List<Listing> list() {
    List<Listing> listings = new ArrayList<>();
    for (ViewSet.Queue queue : generation.viewSet().queues()) {
      QueueClient poison = poison(queue);
      try {
        List<Entry> entries = new ArrayList<>();
        for (PeekedMessageItem m : poison.peekMessages(PEEK_LIMIT, NO_TIMEOUT, Context.NONE)) {
          entries.add(entry(queue, m.getMessageId(), m.getInsertionTime(), m.getBody().toString()));
        }
        listings.add(new Listing(queue, poison.getQueueName(), poison.getProperties().getApproximateMessagesCount(), entries));
      } catch (RuntimeException e) {
        if (!QueueErrors.queueMissing(e)) {
          throw e;
        }
        listings.add(new Listing(queue, poison.getQueueName(), 0, List.of())); // no worker has parked anything yet
      }
    }
    return listings;
  }

  /**
   * Sends parked messages back to their work queue, as fresh messages without their failure,
   * then deletes them from the poison queue.
   *
   * @param messageId the one message to requeue, or empty for all of the queue's
   * @return how many were requeued
   */
  public int requeue(ViewSet.Queue queue, Optional<String> messageId) {
    QueueClient poison = poison(queue);
    QueueClient work = azure.queue(generation.queue(queue));
    int requeued = 0;
    int seen = 0;
    int total;
    try {
      total = poison.getProperties().getApproximateMessagesCount();
    } catch (RuntimeException e) {
      if (QueueErrors.queueMissing(e)) {
        return 0;
      }
      throw e;
    }
    while (seen < total) {
      List<QueueMessageItem> batch = poison.receiveMessages(PEEK_LIMIT, HOLD, NO_TIMEOUT, Context.NONE).stream().toList();
      if (batch.isEmpty()) {
        break;
      }
      for (QueueMessageItem m : batch) {
        seen++;
        if (messageId.isEmpty() || messageId.get().equals(m.getMessageId())) {
          work.sendMessageWithResponse(original(m.getBody().toString()), null, null, NO_TIMEOUT, Context.NONE);
          poison.deleteMessageWithResponse(m.getMessageId(), m.getPopReceipt(), NO_TIMEOUT, Context.NONE);
          requeued++;
        } else {
          poison.updateMessageWithResponse(m.getMessageId(), m.getPopReceipt(), m.getBody().toString(), Duration.ZERO, NO_TIMEOUT,
              Context.NONE); // back in view at once, unchanged
        }
      }
      if (messageId.isPresent() && requeued > 0) {
        break;
      }
    }
    return requeued;
  }

  /** The work message inside a parked one, without its failure; the text itself if it is not one. */
  static String original(String parkedText) {
    String message;
    try {
      message = ParkedMessages.read(parkedText).message();
    } catch (IllegalArgumentException e) {
      return parkedText;
    }
    try {
      return StepMessages.write(StepMessages.read(message).fresh());
    } catch (IllegalArgumentException notAStep) {
      return message; // unreadable as work: requeued as it was, for the operator to see again
    }
  }

  private Entry entry(ViewSet.Queue queue, String id, OffsetDateTime inserted, String text) {
    Optional<Parked> parked;
    try {
      parked = Optional.of(ParkedMessages.read(text));
    } catch (IllegalArgumentException e) {
      parked = Optional.empty();
    }
    return new Entry(queue, id, inserted, parked, text);
  }

  private QueueClient poison(ViewSet.Queue queue) {
    return azure.queue(generation.poisonQueue(queue));
  }
}
