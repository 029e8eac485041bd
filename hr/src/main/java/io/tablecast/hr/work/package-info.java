/**
 * The pure rules of HR's queue workers and audits (SPEC §4): a department partition held in
 * memory ({@link io.tablecast.hr.work.DepartmentPartition}), the last-name shards, the manager
 * fields; each row as its properties, read and written through HR's typed rows ({@code
 * hr.tables.rows}). The steps' own state beside the locator is {@link io.tablecast.hr.steps.WorkerRow}.
 * Free of Azure, Kafka and engine types, like the rest of {@code hr}.
 */
package io.tablecast.hr.work;
