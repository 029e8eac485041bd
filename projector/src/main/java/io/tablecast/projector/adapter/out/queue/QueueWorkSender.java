package io.tablecast.projector.adapter.out.queue;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.WorkStep;
import io.tablecast.projector.application.WorkItemSender;
import io.tablecast.viewstore.adapter.queue.StepMessages;
import io.tablecast.viewstore.adapter.queue.StepMessages.Origin;
import io.tablecast.viewstore.domain.SourcePosition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Sends the work the events asked for to their steps' queues in the generation (SPEC §4), as the
 * engine's step messages ({@link StepMessages}), packed several items to a message. Returns once
 * every message is stored by the service; a failure leaves the batch uncommitted, so its items are
 * sent again with it, which the steps tolerate.
 */
public final class QueueWorkSender implements WorkItemSender {

  private final AzureClients azure;
  private final Generation generation;
  private final Consumer<ViewSet.Queue> sent;
  private final Counter items;
  private final Counter messages;

  /** @param sent told after messages were stored on a queue: the workers in this process wake up for them */
  public QueueWorkSender(AzureClients azure, Generation generation, MeterRegistry metrics, Consumer<ViewSet.Queue> sent) {
    this.azure = azure;
    this.generation = generation;
    this.sent = sent;
    this.items = Counter.builder("tablecast.projector.work.items").description("Work items queued").register(metrics);
    this.messages = Counter.builder("tablecast.projector.work.messages").description("Queue messages sent").register(metrics);
  }

  @Override
  public void send(List<Queued> work) {
    Map<WorkStep<?>, Map<String, Origin>> byStep = new LinkedHashMap<>();
    work.forEach(queued -> byStep.computeIfAbsent(queued.work().step(), step -> new LinkedHashMap<>())
        .putIfAbsent(queued.work().item(), origin(queued.source())));
    byStep.forEach((step, queued) -> {
      var queue = azure.queue(generation.queue(step.queue()));
      for (String message : StepMessages.pack(step.name(), queued)) {
        queue.sendMessageWithResponse(message, null, null, NO_TIMEOUT, Context.NONE);
        messages.increment();
      }
      items.increment(queued.size());
      sent.accept(step.queue());
    });
  }

  private static Origin origin(SourcePosition source) {
    if (source == null) {
      return Origin.NONE;
    }
    Origin at = Origin.of(source.topic(), source.partition(), source.offset(), source.traceparent());
    return source.occurred().map(occurred -> new Origin(at.source(), at.trace(), occurred.toEpochMilli())).orElse(at);
  }
}
