package io.tablecast.views.application;

import io.tablecast.views.domain.PipelineStatus;

/** Port: the state of the pipeline as the views see it, for {@code /status} and {@code /health}. */
public interface StatusSource {

  PipelineStatus read();

  /** Whether the projector is stalled (SPEC §7), as {@link #read()} would say, read more cheaply. */
  boolean stalled();
}
