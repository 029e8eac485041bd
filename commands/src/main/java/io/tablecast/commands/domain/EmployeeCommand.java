package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeId;

/** A command decided by the employee aggregate. */
public sealed interface EmployeeCommand extends Command
    permits HireEmployee, ChangeEmployeeDetails, TransferEmployee, ArchiveEmployee {

  EmployeeId employeeId();

  @Override
  default String aggregateId() {
    return employeeId().canonical();
  }
}
