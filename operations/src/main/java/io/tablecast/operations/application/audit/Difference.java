package io.tablecast.operations.application.audit;

import io.tablecast.projection.ViewSet;
import java.util.List;
import java.util.Locale;

/**
 * One difference between a view table and the views recomputed from the log.
 *
 * @param rowKey the entity's RowKey; for a packed table, the rows of one group, as the table
 *     names them ({@link io.tablecast.projection.LogAudit.PackedTable#shown}), compared as one set of members
 * @param details for {@link Kind#DIFFERENT}, one line per differing property (or the missing and
 *     extra ids); otherwise empty
 */
public record Difference(ViewSet.Table table, String partitionKey, String rowKey, Kind kind, List<String> details) {

  public enum Kind {
    /** Expected from the log, absent from the table. */
    MISSING,
    /** In the table, not expected from the log. */
    EXTRA,
    /** In both, with different properties. */
    DIFFERENT;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public Difference {
    details = List.copyOf(details);
  }
}
