package io.tablecast.operations;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.projection.ViewSet;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.viewstore.adapter.queue.PoisonQueues;
import java.util.List;
import java.util.Optional;

/**
 * The operator's view of parked work (SPEC §4): what the queue workers of the active generation
 * parked, and why; and sending it back to work once the cause is fixed.
 */
public final class Poison {

  private final PoisonQueues queues;

  private Poison(PoisonQueues queues) {
    this.queues = queues;
  }

  /** The poison queues of the generation that {@code ViewCatalog} names as active now. */
  public static Poison onActiveGeneration(AzureClients azure, Namespace namespace, ViewSet viewSet) {
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, viewSet);
    return new Poison(new PoisonQueues(azure, catalog.generation(catalog.read().activeGeneration())));
  }

  /** Each poison queue's depth and its first {@value PoisonQueues#PEEK_LIMIT} messages. */
  public List<PoisonQueues.Listing> list() {
    return queues.list();
  }

  /**
   * Sends the parked message {@code messageId} of {@code queue} (every one when empty) back to its
   * work queue, then removes it from the poison queue.
   *
   * @return how many were requeued
   */
  public int requeue(ViewSet.Queue queue, Optional<String> messageId) {
    return queues.requeue(queue, messageId);
  }
}
