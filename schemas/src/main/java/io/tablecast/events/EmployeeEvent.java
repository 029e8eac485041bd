package io.tablecast.events;

/** An event of the employee aggregate, keyed by {@link EmployeeId}. */
public sealed interface EmployeeEvent extends DomainEvent
    permits EmployeeHired, EmployeeDetailsChanged, EmployeeTransferred, EmployeeArchived {

  EmployeeId employeeId();
}
