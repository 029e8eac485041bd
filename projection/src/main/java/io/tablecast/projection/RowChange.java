package io.tablecast.projection;

import java.util.Map;
import java.util.Objects;

/**
 * What a fold asks of one row. The engine turns the changes of a lane's turn into one write per
 * row: guarded by the ETag it read for a row the fold declared in {@link Projection#reads}, an
 * upsert or an unconditional delete for one it did not (see {@link Turn}).
 */
public sealed interface RowChange {

  RowRef ref();

  /** The row becomes exactly these properties: an insert, or a replace of what was there. */
  record Put(RowRef ref, Map<String, Object> properties) implements RowChange {
    public Put {
      Objects.requireNonNull(ref, "'ref' cannot be null.");
      properties = Map.copyOf(properties);
    }
  }

  /** These properties are set on the row, the others kept; the row is created if absent. */
  record Merge(RowRef ref, Map<String, Object> properties) implements RowChange {
    public Merge {
      Objects.requireNonNull(ref, "'ref' cannot be null.");
      properties = Map.copyOf(properties);
    }
  }

  /** The row goes. */
  record Delete(RowRef ref) implements RowChange {
    public Delete {
      Objects.requireNonNull(ref, "'ref' cannot be null.");
    }
  }
}
