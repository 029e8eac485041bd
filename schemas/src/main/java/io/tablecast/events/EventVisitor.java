package io.tablecast.events;

/**
 * One method per event type. Implementing it is how a projection or an aggregate handles every
 * event: the compiler then refuses a new event type until each visitor has a handler for it.
 * (Java 17 has no pattern matching for {@code switch}; this is its exhaustive equivalent.)
 */
public interface EventVisitor<R> {

  R on(DepartmentCreated event);

  R on(DepartmentManagerAssigned event);

  R on(EmployeeHired event);

  R on(EmployeeDetailsChanged event);

  R on(EmployeeTransferred event);

  R on(EmployeeArchived event);
}
