package io.tablecast.views.adapter.out.queue;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.storage.queue.models.PeekedMessageItem;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.QueueErrors;
import io.tablecast.projection.ViewSet;
import io.tablecast.views.application.ParkedSource;
import io.tablecast.views.domain.dashboard.ParkedMessage;
import io.tablecast.viewstore.adapter.queue.ParkedMessages;
import io.tablecast.viewstore.adapter.queue.StepMessages;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Peeks at the front of each poison queue: a peek hides nothing and changes nothing, so the page
 * can look as often as it likes, with the read-only SAS. The reason is the parked message's
 * ({@link ParkedMessages}), or the failure a bare work message carries.
 */
public final class PoisonPeek implements ParkedSource {

  private final AzureClients azure;
  private final IntFunction<Generation> generations;

  /** @param generations a generation of the view set by its number */
  public PoisonPeek(AzureClients azure, IntFunction<Generation> generations) {
    this.azure = azure;
    this.generations = generations;
  }

  @Override
  public Map<String, ParkedMessage> oldestParked(int generationNumber) {
    Generation generation = generations.apply(generationNumber);
    Map<String, ParkedMessage> oldest = new LinkedHashMap<>();
    for (ViewSet.Queue queue : generation.viewSet().queues()) {
      try {
        for (PeekedMessageItem m : azure.queue(generation.poisonQueue(queue)).peekMessages(1, NO_TIMEOUT, Context.NONE)) {
          Instant inserted = m.getInsertionTime() == null ? Instant.EPOCH : m.getInsertionTime().toInstant();
          oldest.put(generation.queue(queue),
              new ParkedMessage(queue.baseName(), m.getMessageId(), reason(m.getBody().toString()), inserted));
        }
      } catch (RuntimeException e) {
        if (!QueueErrors.queueMissing(e)) {
          throw e;
        }
      }
    }
    return oldest;
  }

  /** Why it was parked: what the worker wrote, else the work message's own failure, else that it cannot be read. */
  static String reason(String text) {
    try {
      return ParkedMessages.read(text).reason();
    } catch (IllegalArgumentException notParked) {
      try {
        return StepMessages.read(text).lastFailure().map(StepMessages.Failure::reason).orElse("no reason recorded");
      } catch (IllegalArgumentException notWork) {
        return "unreadable message: neither a parked nor a work message";
      }
    }
  }
}
