package io.tablecast.viewstore.adapter.queue;

import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.Work;
import io.tablecast.projection.WorkStep;
import io.tablecast.viewstore.adapter.queue.StepMessages.Origin;
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
   * @param work each item with the origin of the event that asked for it first
   * @return how many messages were sent
   */
  public int send(Map<Work, Origin> work) {
    Map<WorkStep<?>, Map<String, Origin>> byStep = new LinkedHashMap<>();
    work.forEach((w, origin) -> byStep.computeIfAbsent(w.step(), s -> new LinkedHashMap<>()).put(w.item(), origin));
    int sent = 0;
    for (Map.Entry<WorkStep<?>, Map<String, Origin>> step : byStep.entrySet()) {
      var queue = azure.queue(generation.queue(step.getKey().queue()));
      for (String text : StepMessages.pack(step.getKey().name(), step.getValue())) {
        HeldMessages.send(queue, text);
        sent++;
      }
    }
    return sent;
  }
}
