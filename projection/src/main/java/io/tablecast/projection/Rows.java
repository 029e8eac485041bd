package io.tablecast.projection;

import java.util.Map;
import java.util.Optional;

/**
 * The rows a fold may look at: those its projection declared in {@link Projection#reads} for the
 * event, as stored before the turn and changed by the events folded before it in the same turn.
 */
public interface Rows {

  /**
   * A row's properties, or empty when it does not exist.
   *
   * @throws IllegalStateException for a row the projection did not declare for this event: the
   *     engine reads only declared rows, so the fold would see a different truth in a batch than
   *     alone
   */
  Optional<Map<String, Object>> get(RowRef ref);
}
