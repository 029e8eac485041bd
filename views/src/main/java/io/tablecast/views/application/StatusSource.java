package io.tablecast.views.application;

import io.tablecast.views.domain.PipelineStatus;

/** Port: the state of the pipeline as the views see it, for {@code /status} and {@code /health}. */
public interface StatusSource {

  PipelineStatus read();
}
