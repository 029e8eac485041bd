package io.tablecast.events;

/** An event of the HR domain: a fact that happened, named in the past tense. */
public sealed interface DomainEvent permits DepartmentEvent, EmployeeEvent {

  EventMetadata metadata();

  /** Calls the visitor's handler for this event's type. */
  <R> R accept(EventVisitor<R> visitor);

  /** The Avro record name, used for the Kafka header {@code event-type} and in activity views. */
  default String eventType() {
    return getClass().getSimpleName();
  }

  default long version() {
    return metadata().aggregateVersion();
  }
}
