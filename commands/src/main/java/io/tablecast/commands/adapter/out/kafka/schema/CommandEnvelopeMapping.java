package io.tablecast.commands.adapter.out.kafka.schema;

import static io.tablecast.commands.adapter.out.kafka.schema.SharedMapping.departmentId;
import static io.tablecast.commands.adapter.out.kafka.schema.SharedMapping.employeeId;
import static io.tablecast.commands.adapter.out.kafka.schema.SharedMapping.sameSymbol;

import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.application.IdempotencyRef;
import io.tablecast.commands.domain.ArchiveEmployee;
import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.ChangeEmployeeDetails;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.CommandVisitor;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.RecordCompletion;
import io.tablecast.commands.domain.RefusedRequest;
import io.tablecast.commands.domain.ReleaseEmailClaim;
import io.tablecast.commands.domain.Step;
import io.tablecast.commands.domain.TransferEmployee;
import io.tablecast.events.Actor;
import io.tablecast.events.EmployeeId;
import io.tablecast.internal.avro.StepKind;
import io.tablecast.internal.avro.StepTarget;
import java.util.Optional;
import org.apache.avro.specific.SpecificRecord;

/**
 * The one place where a {@link CommandEnvelope}, with its route and its command, meets the
 * generated {@code io.tablecast.internal.avro.CommandEnvelope}. The command is a union of one
 * record per domain command; absent optional values are {@code null}.
 */
final class CommandEnvelopeMapping {

  private CommandEnvelopeMapping() {}

  static io.tablecast.internal.avro.CommandEnvelope toAvro(CommandEnvelope envelope) {
    return io.tablecast.internal.avro.CommandEnvelope.newBuilder()
        .setCommandId(envelope.commandId())
        .setIssuedAt(envelope.issuedAt())
        .setActor(envelope.actor().subject())
        .setRoute(envelope.route().stream().map(CommandEnvelopeMapping::toAvro).toList())
        .setCommand(envelope.command().accept(TO_AVRO))
        .setIdempotency(envelope.idempotency()
            .map(key -> io.tablecast.internal.avro.IdempotencyRef.newBuilder()
                .setScope(key.scope())
                .setFingerprint(key.fingerprint())
                .build())
            .orElse(null))
        .setClaimedEmail(envelope.claimedEmail())
        .build();
  }

  static CommandEnvelope fromAvro(io.tablecast.internal.avro.CommandEnvelope envelope) {
    return new CommandEnvelope(
        envelope.getCommandId(),
        envelope.getIssuedAt(),
        new Actor(envelope.getActor()),
        envelope.getRoute().stream().map(CommandEnvelopeMapping::fromAvro).toList(),
        command(envelope.getCommand()),
        Optional.ofNullable(envelope.getIdempotency()).map(key -> new IdempotencyRef(key.getScope(), key.getFingerprint())),
        envelope.getClaimedEmail());
  }

  private static io.tablecast.internal.avro.Step toAvro(Step step) {
    return io.tablecast.internal.avro.Step.newBuilder()
        .setKind(sameSymbol(step.kind(), StepKind.class))
        .setTarget(sameSymbol(step.target(), StepTarget.class))
        .setId(step.id())
        .build();
  }

  private static Step fromAvro(io.tablecast.internal.avro.Step step) {
    return new Step(sameSymbol(step.getKind(), Step.Kind.class), sameSymbol(step.getTarget(), Step.Target.class), step.getId());
  }

  /** One branch per command: the compiler refuses a new command until it is mapped here. */
  private static final CommandVisitor<SpecificRecord> TO_AVRO = new CommandVisitor<>() {
    @Override
    public SpecificRecord on(CreateDepartment c) {
      return io.tablecast.internal.avro.CreateDepartment.newBuilder()
          .setDepartmentId(c.departmentId().value())
          .setName(c.name())
          .build();
    }

    @Override
    public SpecificRecord on(AssignManager c) {
      return io.tablecast.internal.avro.AssignManager.newBuilder()
          .setDepartmentId(c.departmentId().value())
          .setManagerId(c.managerId().canonical())
          .setManager(c.manager().map(SharedMapping::toAvro).orElse(null))
          .build();
    }

    @Override
    public SpecificRecord on(HireEmployee c) {
      return io.tablecast.internal.avro.HireEmployee.newBuilder()
          .setEmployeeId(c.employeeId().canonical())
          .setDepartmentId(c.departmentId().value())
          .setFirstName(c.firstName())
          .setLastName(c.lastName())
          .setEmail(c.email())
          .setAge(c.age())
          .build();
    }

    @Override
    public SpecificRecord on(ChangeEmployeeDetails c) {
      return io.tablecast.internal.avro.ChangeEmployeeDetails.newBuilder()
          .setEmployeeId(c.employeeId().canonical())
          .setFirstName(c.firstName().orElse(null))
          .setLastName(c.lastName().orElse(null))
          .setEmail(c.email().orElse(null))
          .setAge(c.age().orElse(null))
          .setExpectedVersion(c.expectedVersion().orElse(null))
          .build();
    }

    @Override
    public SpecificRecord on(TransferEmployee c) {
      return io.tablecast.internal.avro.TransferEmployee.newBuilder()
          .setEmployeeId(c.employeeId().canonical())
          .setToDepartmentId(c.toDepartmentId().value())
          .setExpectedVersion(c.expectedVersion().orElse(null))
          .build();
    }

    @Override
    public SpecificRecord on(ArchiveEmployee c) {
      return io.tablecast.internal.avro.ArchiveEmployee.newBuilder()
          .setEmployeeId(c.employeeId().canonical())
          .setReason(c.reason().orElse(null))
          .setExpectedVersion(c.expectedVersion().orElse(null))
          .build();
    }

    @Override
    public SpecificRecord on(ReleaseEmailClaim c) {
      return io.tablecast.internal.avro.ReleaseEmailClaim.newBuilder()
          .setNormalizedEmail(c.normalizedEmail())
          .setOwner(c.owner().map(EmployeeId::canonical).orElse(null))
          .setClaimedBy(c.claimedBy().orElse(null))
          .build();
    }

    @Override
    public SpecificRecord on(RecordCompletion c) {
      return io.tablecast.internal.avro.RecordCompletion.newBuilder()
          .setCompletion(SharedMapping.toAvro(c.completion()))
          .build();
    }

    @Override
    public SpecificRecord on(RefusedRequest c) {
      return io.tablecast.internal.avro.RefusedRequest.newBuilder()
          .setAggregateId(c.aggregateId())
          .setRejection(SharedMapping.toAvro(c.rejection()))
          .build();
    }
  };

  private static Command command(Object record) {
    if (record instanceof io.tablecast.internal.avro.CreateDepartment r) {
      return new CreateDepartment(departmentId("departmentId", r.getDepartmentId()), r.getName());
    } else if (record instanceof io.tablecast.internal.avro.AssignManager r) {
      return new AssignManager(
          departmentId("departmentId", r.getDepartmentId()),
          employeeId("managerId", r.getManagerId()),
          Optional.ofNullable(r.getManager()).map(SharedMapping::fromAvro));
    } else if (record instanceof io.tablecast.internal.avro.HireEmployee r) {
      return new HireEmployee(
          employeeId("employeeId", r.getEmployeeId()),
          departmentId("departmentId", r.getDepartmentId()),
          r.getFirstName(),
          r.getLastName(),
          r.getEmail(),
          r.getAge());
    } else if (record instanceof io.tablecast.internal.avro.ChangeEmployeeDetails r) {
      return new ChangeEmployeeDetails(
          employeeId("employeeId", r.getEmployeeId()),
          Optional.ofNullable(r.getFirstName()),
          Optional.ofNullable(r.getLastName()),
          Optional.ofNullable(r.getEmail()),
          Optional.ofNullable(r.getAge()),
          Optional.ofNullable(r.getExpectedVersion()));
    } else if (record instanceof io.tablecast.internal.avro.TransferEmployee r) {
      return new TransferEmployee(
          employeeId("employeeId", r.getEmployeeId()),
          departmentId("toDepartmentId", r.getToDepartmentId()),
          Optional.ofNullable(r.getExpectedVersion()));
    } else if (record instanceof io.tablecast.internal.avro.ArchiveEmployee r) {
      return new ArchiveEmployee(
          employeeId("employeeId", r.getEmployeeId()),
          Optional.ofNullable(r.getReason()),
          Optional.ofNullable(r.getExpectedVersion()));
    } else if (record instanceof io.tablecast.internal.avro.ReleaseEmailClaim r) {
      return new ReleaseEmailClaim(
          r.getNormalizedEmail(),
          Optional.ofNullable(r.getOwner()).map(owner -> employeeId("owner", owner)),
          Optional.ofNullable(r.getClaimedBy()));
    } else if (record instanceof io.tablecast.internal.avro.RecordCompletion r) {
      return new RecordCompletion(SharedMapping.fromAvro(r.getCompletion()));
    } else if (record instanceof io.tablecast.internal.avro.RefusedRequest r) {
      return new RefusedRequest(r.getAggregateId(), SharedMapping.fromAvro(r.getRejection()));
    }
    // The schema's union admits nothing else, so this is a defect.
    throw new IllegalStateException("Unmapped command record " + record.getClass().getName());
  }
}
