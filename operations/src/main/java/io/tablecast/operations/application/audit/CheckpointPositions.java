package io.tablecast.operations.application.audit;

import java.util.Map;

/**
 * Port: where the audited generation's projector stands, by checkpoint row
 * ({@code <topic>-<partition>} → offsets as written). {@code verify} reads it before and after:
 * if it moved, the pipeline was not quiescent and a difference may be work in flight.
 */
public interface CheckpointPositions {

  Map<String, String> positions();
}
