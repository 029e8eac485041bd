package io.tablecast.views.application;

import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import io.tablecast.common.tables.CheckpointLayout;
import java.util.Map;

/**
 * The applied offset of each event-topic partition, by checkpoint row key ({@code <topic>-<partition>}).
 * Two readings that are equal mean nothing was applied in between.
 */
public record AppliedOffsets(Map<String, Long> byPartition) {

  public AppliedOffsets {
    byPartition = Map.copyOf(byPartition);
  }

  /** Whether the event at this position is applied. */
  public boolean reached(EventPosition position) {
    Long applied = byPartition.get(CheckpointLayout.rowKey(position.topic(), position.partition()));
    return applied != null && applied >= position.offset();
  }
}
