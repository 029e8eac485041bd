package io.tablecast.operations.application.audit;

import io.tablecast.projection.RowChange;
import io.tablecast.projection.ViewSet;
import java.util.Map;

/**
 * Port: writes rows into the empty tables of a new generation, grouped as the store takes them
 * best (Entity Group Transactions per partition), in the background. Writing a row that is
 * already there replaces it, so a load that is redone is harmless. Called from one thread.
 */
public interface RowWriter extends AutoCloseable {

  void write(RowChange.Put row);

  /**
   * Waits until every row written so far is stored.
   *
   * @throws RuntimeException the first failure of any write, after the store's own retries
   */
  void flush();

  /** Rows stored so far. */
  long stored();

  /** Rows stored so far, per table. */
  Map<ViewSet.Table, Long> storedByTable();

  @Override
  void close();
}
