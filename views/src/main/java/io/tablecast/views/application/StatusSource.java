package io.tablecast.views.application;

import io.tablecast.views.domain.PipelineStatus;
import io.tablecast.views.domain.PipelineStatus.QueueDepth;
import java.util.List;

/** Port: the state of the pipeline as the views see it, for {@code /status} and {@code /health}. */
public interface StatusSource {

  PipelineStatus read();

  /** Whether the projector is stalled (SPEC §7), as {@link #read()} would say, read more cheaply. */
  boolean stalled();

  /** The other view sets whose projector is stalled, by the same rule: their checkpoints only. */
  List<String> stalledViewSets();

  /**
   * The depths of the active generation's work and poison queues, as {@link #read()} would say,
   * without the checkpoints or the dead letters.
   */
  List<QueueDepth> activeQueues();
}
