package io.tablecast.viewstore.adapter.queue;

import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.Work;
import io.tablecast.projection.WorkStep;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sends the work a batch asked for to its steps' queues in one generation: each item once, as
 * few messages per queue as fit ({@link StepMessages}).
 */
public final class StepQueues {

  private final AzureClients azure;
  private final Generation generation;

  public StepQueues(AzureClients azure, Generation generation) {
    this.azure = azure;
    this.generation = generation;
  }

  /**
   * @param work each item with the {@code traceparent} of the event that asked for it first, or null
   * @return how many messages were sent
   */
  public int send(Map<Work, String> work) {
    Map<WorkStep<?>, Map<String, String>> byStep = new LinkedHashMap<>();
    work.forEach((w, trace) -> byStep.computeIfAbsent(w.step(), s -> new LinkedHashMap<>()).put(w.item(), trace));
    int sent = 0;
    for (Map.Entry<WorkStep<?>, Map<String, String>> step : byStep.entrySet()) {
      var queue = azure.queue(generation.queue(step.getKey().queue()));
      for (String text : StepMessages.pack(step.getKey().name(), step.getValue())) {
        HeldMessages.send(queue, text);
        sent++;
      }
    }
    return sent;
  }
}
