/**
 * The pure rules of HR's queue workers and audits (SPEC §4): the rows an employee's locator, the
 * truth, calls for ({@link io.tablecast.hr.work.TruthRows}), a department partition held in
 * memory ({@link io.tablecast.hr.work.DepartmentPartition}), the last-name shards, the manager
 * fields; the steps' own state beside the locator is {@link io.tablecast.hr.steps.WorkerRow}.
 * Free of Azure, Kafka and engine types, like the rest of {@code hr}.
 */
package io.tablecast.hr.work;
