package io.tablecast.projector.adapter.out.queue;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.projector.application.WorkItemSender;
import io.tablecast.viewstore.adapter.queue.WorkMessages;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Sends work items to their generation's queues (SPEC §4), packed several to a message. Returns
 * once every message is stored by the service; a failure leaves the batch uncommitted, so its
 * items are sent again with it, which the workers tolerate.
 */
public final class QueueWorkSender implements WorkItemSender {

  private final Generation generation;
  private final Consumer<WorkQueue> sent;
  private final Map<WorkQueue, QueueClient> queues = new EnumMap<>(WorkQueue.class);
  private final Counter items;
  private final Counter messages;

  /** @param sent told after messages were stored on a queue: the workers in this process wake up for them */
  public QueueWorkSender(AzureClients azure, Generation generation, MeterRegistry metrics, Consumer<WorkQueue> sent) {
    this.generation = generation;
    this.sent = sent;
    for (WorkQueue queue : WorkQueue.values()) {
      queues.put(queue, azure.queue(generation.queue(queue)));
    }
    this.items = Counter.builder("tablecast.projector.work.items").description("Work items queued").register(metrics);
    this.messages = Counter.builder("tablecast.projector.work.messages").description("Queue messages sent").register(metrics);
  }

  @Override
  public void send(List<WorkItem> work) {
    Map<WorkQueue, List<WorkItem>> byQueue = work.stream()
        .collect(Collectors.groupingBy(WorkItem::queue, LinkedHashMap::new, Collectors.toList()));
    byQueue.forEach((queue, queued) -> {
      for (String message : WorkMessages.pack(generation.number(), queued)) {
        queues.get(queue).sendMessageWithResponse(message, null, null, NO_TIMEOUT, Context.NONE);
        messages.increment();
      }
      items.increment(queued.size());
      sent.accept(queue);
    });
  }
}
