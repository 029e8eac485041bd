package io.tablecast.projector.application;

import io.tablecast.events.DomainEvent;
import io.tablecast.projector.domain.RowsNeeded;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a polled batch of events to the views. Events are grouped by the Azure partition they
 * change, keeping their order within each group, so that all events for one department fold
 * into as few EGTs as possible (the checklist's "batch transactions" advice).
 */
public final class Projector {

  private final PartitionStore employees;

  public Projector(PartitionStore employees) {
    this.employees = employees;
  }

  /** Returns once every event of the batch is applied; idempotent under redelivery. */
  public void project(List<DomainEvent> events) {
    Map<String, List<DomainEvent>> byPartition = new LinkedHashMap<>();
    for (DomainEvent event : events) {
      RowsNeeded.partitionOf(event)
          .ifPresent(partition -> byPartition.computeIfAbsent(partition, p -> new ArrayList<>()).add(event));
    }
    byPartition.forEach(employees::apply);
  }
}
