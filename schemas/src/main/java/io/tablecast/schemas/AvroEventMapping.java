package io.tablecast.schemas;

import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventMetadata;
import io.tablecast.events.avro.Envelope;
import io.tablecast.schemas.UndecodableEventException.Reason;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;

/**
 * The one place where the mutable generated Avro classes ({@code io.tablecast.events.avro}) meet
 * the immutable domain records ({@code io.tablecast.events}). On the wire, ids are strings
 * (employee ids in their canonical 8 digits), an absent archive reason is {@code null}, and the
 * actor is its subject (a version-1 writer had none: Avro's resolution fills in the schema's
 * default, {@code anonymous}).
 *
 * <p>Decoding accepts exactly what the domain records accept, so {@code toDomain(toAvro(e))}
 * equals {@code e} for every event; anything else is {@link Reason#INVALID_CONTENT}.
 */
final class AvroEventMapping {

  private static final int ECHOED_CHARS = 40;

  private AvroEventMapping() {}

  static SpecificRecord toAvro(DomainEvent event) {
    if (event instanceof DepartmentCreated e) {
      return io.tablecast.events.avro.DepartmentCreated.newBuilder()
          .setEnvelope(envelope(e.metadata()))
          .setDepartmentId(e.departmentId().value())
          .setName(e.name())
          .build();
    }
    if (event instanceof DepartmentManagerAssigned e) {
      return io.tablecast.events.avro.DepartmentManagerAssigned.newBuilder()
          .setEnvelope(envelope(e.metadata()))
          .setDepartmentId(e.departmentId().value())
          .setManagerId(e.managerId().canonical())
          .setManagerFirstName(e.managerFirstName())
          .setManagerLastName(e.managerLastName())
          .setManagerEmail(e.managerEmail())
          .build();
    }
    if (event instanceof EmployeeHired e) {
      return io.tablecast.events.avro.EmployeeHired.newBuilder()
          .setEnvelope(envelope(e.metadata()))
          .setEmployeeId(e.employeeId().canonical())
          .setDepartmentId(e.departmentId().value())
          .setFirstName(e.firstName())
          .setLastName(e.lastName())
          .setEmail(e.email())
          .setAge(e.age())
          .build();
    }
    if (event instanceof EmployeeDetailsChanged e) {
      return io.tablecast.events.avro.EmployeeDetailsChanged.newBuilder()
          .setEnvelope(envelope(e.metadata()))
          .setEmployeeId(e.employeeId().canonical())
          .setDepartmentId(e.departmentId().value())
          .setFirstName(e.firstName())
          .setLastName(e.lastName())
          .setEmail(e.email())
          .setAge(e.age())
          .build();
    }
    if (event instanceof EmployeeTransferred e) {
      return io.tablecast.events.avro.EmployeeTransferred.newBuilder()
          .setEnvelope(envelope(e.metadata()))
          .setEmployeeId(e.employeeId().canonical())
          .setFromDepartmentId(e.fromDepartmentId().value())
          .setToDepartmentId(e.toDepartmentId().value())
          .build();
    }
    if (event instanceof EmployeeArchived e) {
      return io.tablecast.events.avro.EmployeeArchived.newBuilder()
          .setEnvelope(envelope(e.metadata()))
          .setEmployeeId(e.employeeId().canonical())
          .setDepartmentId(e.departmentId().value())
          .setReason(e.reason().orElse(null))
          .build();
    }
    throw new IllegalArgumentException("'event' has an unmapped type: " + event.getClass().getName());
  }

  /**
   * The domain event of a decoded record.
   *
   * @throws UndecodableEventException with {@link Reason#INVALID_CONTENT} when a value breaks a
   *     domain rule
   */
  static DomainEvent toDomain(SpecificRecord record) {
    try {
      return toDomainUnchecked(record);
    } catch (IllegalArgumentException e) {
      throw new UndecodableEventException(
          Reason.INVALID_CONTENT,
          "A " + record.getSchema().getName() + " message decoded but breaks a domain rule: " + e.getMessage(),
          e);
    }
  }

  private static DomainEvent toDomainUnchecked(SpecificRecord record) {
    if (record instanceof io.tablecast.events.avro.DepartmentCreated r) {
      return new DepartmentCreated(
          metadata(r.getEnvelope()), departmentId("departmentId", r.getDepartmentId()), r.getName());
    }
    if (record instanceof io.tablecast.events.avro.DepartmentManagerAssigned r) {
      return new DepartmentManagerAssigned(
          metadata(r.getEnvelope()),
          departmentId("departmentId", r.getDepartmentId()),
          employeeId("managerId", r.getManagerId()),
          r.getManagerFirstName(),
          r.getManagerLastName(),
          r.getManagerEmail());
    }
    if (record instanceof io.tablecast.events.avro.EmployeeHired r) {
      return new EmployeeHired(
          metadata(r.getEnvelope()),
          employeeId("employeeId", r.getEmployeeId()),
          departmentId("departmentId", r.getDepartmentId()),
          r.getFirstName(),
          r.getLastName(),
          r.getEmail(),
          r.getAge());
    }
    if (record instanceof io.tablecast.events.avro.EmployeeDetailsChanged r) {
      return new EmployeeDetailsChanged(
          metadata(r.getEnvelope()),
          employeeId("employeeId", r.getEmployeeId()),
          departmentId("departmentId", r.getDepartmentId()),
          r.getFirstName(),
          r.getLastName(),
          r.getEmail(),
          r.getAge());
    }
    if (record instanceof io.tablecast.events.avro.EmployeeTransferred r) {
      return new EmployeeTransferred(
          metadata(r.getEnvelope()),
          employeeId("employeeId", r.getEmployeeId()),
          departmentId("fromDepartmentId", r.getFromDepartmentId()),
          departmentId("toDepartmentId", r.getToDepartmentId()));
    }
    if (record instanceof io.tablecast.events.avro.EmployeeArchived r) {
      return new EmployeeArchived(
          metadata(r.getEnvelope()),
          employeeId("employeeId", r.getEmployeeId()),
          departmentId("departmentId", r.getDepartmentId()),
          Optional.ofNullable(r.getReason()));
    }
    throw new IllegalArgumentException("the record type " + record.getSchema().getFullName() + " is not an event");
  }

  private static Envelope envelope(EventMetadata metadata) {
    return Envelope.newBuilder()
        .setEventId(metadata.eventId().toString())
        .setCommandId(metadata.commandId())
        .setAggregateId(metadata.aggregateId())
        .setAggregateVersion(metadata.aggregateVersion())
        .setOccurredAt(metadata.occurredAt())
        .setActor(metadata.actor().subject())
        .build();
  }

  private static EventMetadata metadata(Envelope envelope) {
    return new EventMetadata(
        eventId(envelope.getEventId()),
        envelope.getCommandId(),
        envelope.getAggregateId(),
        envelope.getAggregateVersion(),
        envelope.getOccurredAt(),
        new Actor(envelope.getActor()));
  }

  /** Only the canonical 36-character form: {@link UUID#fromString} alone also accepts "1-2-3-4-5". */
  private static UUID eventId(String text) {
    try {
      UUID id = UUID.fromString(text);
      if (id.toString().equals(text.toLowerCase(Locale.ROOT))) {
        return id;
      }
    } catch (IllegalArgumentException e) {
      // reported below, with the field name
    }
    throw new IllegalArgumentException("'eventId' is not a UUID: " + echo(text));
  }

  /** Only the canonical 8 digits that {@link EmployeeId#canonical()} writes. */
  private static EmployeeId employeeId(String field, String text) {
    return EmployeeId.tryParse(text)
        .filter(id -> id.canonical().equals(text))
        .orElseThrow(() -> new IllegalArgumentException(
            "'" + field + "' is not an 8-digit employee id: " + echo(text)));
  }

  private static DepartmentId departmentId(String field, String text) {
    return DepartmentId.tryParse(text)
        .orElseThrow(() -> new IllegalArgumentException(
            "'" + field + "' must match ^[A-Za-z][A-Za-z0-9-]{0,63}$, was " + echo(text)));
  }

  /**
   * The start of a bad value, quoted, with control characters escaped, so that a message stays
   * short and on one line whatever the input.
   */
  private static String echo(String text) {
    String start = text.length() <= ECHOED_CHARS ? text : text.substring(0, ECHOED_CHARS);
    StringBuilder quoted = new StringBuilder("'");
    start.chars().forEach(c -> quoted.append(Character.isISOControl(c) ? String.format("\\u%04X", c) : (char) c));
    quoted.append('\'');
    return text.length() <= ECHOED_CHARS ? quoted.toString() : quoted + "… (" + text.length() + " chars)";
  }
}
