package io.tablecast.operations.application.audit;

import io.tablecast.hr.audit.LastNameEntry;
import io.tablecast.hr.steps.WorkerRow;
import io.tablecast.operations.domain.audit.AuditRow;

/**
 * Port: where the rows that a generation must hold at quiescence go, as {@link LogFold} derives
 * them from the log: to canonical lines that {@code verify} compares with the tables, or to the
 * tables of a new generation ({@link GenerationLoad}). One computation for both.
 */
public interface ExpectedRows {

  /** One entity of a view table, with its properties as the projector and the workers write them. */
  void row(AuditRow row);

  /** One employee listed under its last name and department; how ids pack into shards is the receiver's. */
  void lastName(LastNameEntry entry);

  /**
   * The queue workers' own state for one employee at quiescence (SPEC §3: internal, so {@code
   * verify} does not compare it): settled, its index entries where its locator says.
   *
   * @param locatorPartition the employee's {@code empid_<id8>} partition of {@code EmployeeIndex}
   */
  void workerState(String locatorPartition, WorkerRow state);
}
