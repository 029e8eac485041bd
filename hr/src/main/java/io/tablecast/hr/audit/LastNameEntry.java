package io.tablecast.hr.audit;

/**
 * One employee listed in {@code EmployeesByLastName}: partition {@code key(lower(lastName))},
 * the department of the shards, the 8-digit id. The index is compared as these tuples, because
 * how ids are packed into shards depends on the order of past updates, not on the state.
 */
public record LastNameEntry(String partitionKey, String departmentId, String employeeId) {}
