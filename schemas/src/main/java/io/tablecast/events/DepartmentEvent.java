package io.tablecast.events;

/** An event of the department aggregate, keyed by {@link DepartmentId}. */
public sealed interface DepartmentEvent extends DomainEvent
    permits DepartmentCreated, DepartmentManagerAssigned {

  DepartmentId departmentId();
}
