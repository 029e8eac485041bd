package io.tablecast.viewstore.adapter.queue;

import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.Work;
import io.tablecast.projection.WorkStep;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

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

  /** @return how many messages were sent */
  public int send(Collection<Work> work) {
    Map<WorkStep<?>, Set<String>> byStep = new LinkedHashMap<>();
    work.forEach(w -> byStep.computeIfAbsent(w.step(), s -> new LinkedHashSet<>()).add(w.item()));
    int sent = 0;
    for (Map.Entry<WorkStep<?>, Set<String>> step : byStep.entrySet()) {
      var queue = azure.queue(generation.queue(step.getKey().queue()));
      for (String text : StepMessages.pack(step.getKey().name(), step.getValue())) {
        HeldMessages.send(queue, text);
        sent++;
      }
    }
    return sent;
  }
}
