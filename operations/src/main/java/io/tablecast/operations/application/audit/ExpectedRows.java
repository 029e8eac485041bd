package io.tablecast.operations.application.audit;

import io.tablecast.projection.LogAudit;
import io.tablecast.projection.RowChange;

/**
 * Port: where the rows that a generation must hold at quiescence go, as {@link LogFold} derives
 * them from the log: to canonical lines that {@code verify} compares with the tables, or to the
 * tables of a new generation ({@link GenerationLoad}). One computation for both.
 */
public interface ExpectedRows {

  /** One entity of a view table, with its properties as the projections and the steps write them. */
  void row(RowChange.Put row);

  /** One member of a set in a packed table; how members pack into rows is the receiver's. */
  void member(LogAudit.Member member);

  /** A step's own row ({@link LogAudit#internal}): loaded by a rebuild, not compared by {@code verify}. */
  void internal(RowChange.Put row);
}
