package io.tablecast.commands.adapter.out.kafka.schema;

import static io.tablecast.commands.adapter.out.kafka.schema.SharedMapping.departmentId;
import static io.tablecast.commands.adapter.out.kafka.schema.SharedMapping.employeeId;

import io.tablecast.commands.domain.DepartmentState;
import io.tablecast.commands.domain.EmailClaim;
import io.tablecast.commands.domain.EmployeeFacts;
import io.tablecast.commands.domain.EmployeeState;
import io.tablecast.commands.domain.IdempotencyRecord;
import io.tablecast.events.EmployeeId;
import java.util.Optional;

/**
 * The one place where the values of the command processor's state stores (departments,
 * employees, emails, idempotency) and of its employee replica meet their generated Avro records.
 * Absent optional values are {@code null}; instants keep millisecond precision.
 */
final class StateMapping {

  private StateMapping() {}

  static io.tablecast.internal.avro.DepartmentState toAvro(DepartmentState state) {
    return io.tablecast.internal.avro.DepartmentState.newBuilder()
        .setDepartmentId(state.departmentId().value())
        .setVersion(state.version())
        .setName(state.name())
        .setManagerId(state.managerId().map(EmployeeId::canonical).orElse(null))
        .setManager(state.manager().map(SharedMapping::toAvro).orElse(null))
        .build();
  }

  static DepartmentState fromAvro(io.tablecast.internal.avro.DepartmentState state) {
    return new DepartmentState(
        departmentId("departmentId", state.getDepartmentId()),
        state.getVersion(),
        state.getName(),
        Optional.ofNullable(state.getManagerId()).map(id -> employeeId("managerId", id)),
        Optional.ofNullable(state.getManager()).map(SharedMapping::fromAvro));
  }

  static io.tablecast.internal.avro.EmployeeState toAvro(EmployeeState state) {
    return io.tablecast.internal.avro.EmployeeState.newBuilder()
        .setEmployeeId(state.employeeId().canonical())
        .setVersion(state.version())
        .setDepartmentId(state.departmentId().value())
        .setFirstName(state.firstName())
        .setLastName(state.lastName())
        .setEmail(state.email())
        .setAge(state.age())
        .setArchived(state.archived())
        .build();
  }

  static EmployeeState fromAvro(io.tablecast.internal.avro.EmployeeState state) {
    return new EmployeeState(
        employeeId("employeeId", state.getEmployeeId()),
        state.getVersion(),
        departmentId("departmentId", state.getDepartmentId()),
        state.getFirstName(),
        state.getLastName(),
        state.getEmail(),
        state.getAge(),
        state.getArchived());
  }

  static io.tablecast.internal.avro.EmailClaim toAvro(EmailClaim claim) {
    return io.tablecast.internal.avro.EmailClaim.newBuilder()
        .setOwner(claim.owner().canonical())
        .setClaimedBy(claim.claimedBy())
        .build();
  }

  static EmailClaim fromAvro(io.tablecast.internal.avro.EmailClaim claim) {
    return new EmailClaim(employeeId("owner", claim.getOwner()), claim.getClaimedBy());
  }

  static io.tablecast.internal.avro.IdempotencyRecord toAvro(IdempotencyRecord record) {
    return io.tablecast.internal.avro.IdempotencyRecord.newBuilder()
        .setFingerprint(record.fingerprint())
        .setCommandId(record.commandId())
        .setCreatedAt(record.createdAt())
        .setCompletion(record.completion().map(SharedMapping::toAvro).orElse(null))
        .build();
  }

  static IdempotencyRecord fromAvro(io.tablecast.internal.avro.IdempotencyRecord record) {
    return new IdempotencyRecord(
        record.getFingerprint(),
        record.getCommandId(),
        record.getCreatedAt(),
        Optional.ofNullable(record.getCompletion()).map(SharedMapping::fromAvro));
  }

  static io.tablecast.internal.avro.EmployeeFacts toAvro(EmployeeFacts facts) {
    return io.tablecast.internal.avro.EmployeeFacts.newBuilder()
        .setArchived(facts.archived())
        .setFirstName(facts.firstName())
        .setLastName(facts.lastName())
        .setEmail(facts.email())
        .build();
  }

  static EmployeeFacts fromAvro(io.tablecast.internal.avro.EmployeeFacts facts) {
    return new EmployeeFacts(facts.getArchived(), facts.getFirstName(), facts.getLastName(), facts.getEmail());
  }
}
