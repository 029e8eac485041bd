package io.tablecast.commands.testdata;

import static io.tablecast.commands.testdata.Commands.archive;
import static io.tablecast.commands.testdata.Commands.assignManager;
import static io.tablecast.commands.testdata.Commands.change;
import static io.tablecast.commands.testdata.Commands.createDepartment;
import static io.tablecast.commands.testdata.Commands.hire;
import static io.tablecast.commands.testdata.Commands.transfer;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.application.IdempotencyRef;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.Completion;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.DepartmentState;
import io.tablecast.commands.domain.EmailClaim;
import io.tablecast.commands.domain.EmployeeFacts;
import io.tablecast.commands.domain.EmployeeState;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.IdempotencyRecord;
import io.tablecast.commands.domain.ManagerDetails;
import io.tablecast.commands.domain.RecordCompletion;
import io.tablecast.commands.domain.RefusedRequest;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.commands.domain.ReleaseEmailClaim;
import io.tablecast.commands.domain.Violation;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One sample of every internal record, with optional values present and absent: an envelope per
 * command type (with and without an idempotency key, at a first and at a last step) and a result
 * per kind.
 */
public final class SampleInternalRecords {

  public static final Instant AT = Instant.parse("2026-11-25T22:44:37.595Z");
  /** A subject as Microsoft Entra ID issues them: an object id. */
  public static final Actor ACTOR = new Actor("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
  private static final ManagerDetails MANAGER = new ManagerDetails("Zoë", "O'Brien", "Zoe.OBrien@example.com");
  private static final Rejection TAKEN = Rejection.conflict("email-taken", "email", "The email belongs to another active employee.");
  private static final Completion REJECTED = Completion.rejected("00000042", TAKEN);

  private SampleInternalRecords() {}

  /** The samples of each top-level record, by its Avro record name. */
  public static Map<String, List<Object>> byRecordName() {
    Map<String, List<Object>> samples = new LinkedHashMap<>();
    samples.put("CommandEnvelope", List.copyOf(envelopes()));
    samples.put("CommandResult", List.copyOf(results()));
    samples.put("DepartmentState", List.of(departmentState()));
    samples.put("EmployeeState", List.of(employeeState()));
    samples.put("EmailClaim", List.of(new EmailClaim(new EmployeeId(42), "c-1")));
    samples.put("IdempotencyRecord", List.of(
        new IdempotencyRecord("body-digest", "c-1", AT, Optional.of(REJECTED)),
        new IdempotencyRecord("body-digest", "c-2", AT, Optional.empty())));
    samples.put("EmployeeFacts", List.of(new EmployeeFacts(true, "Zoë", "O'Brien", "Zoe.OBrien@example.com")));
    return samples;
  }

  /** An envelope of each command type. */
  public static List<CommandEnvelope> envelopes() {
    List<Command> commands = List.of(
        createDepartment("Sales"),
        assignManager("Sales", 42).withManager(MANAGER),
        hire(42, "Sales", "Zoe.OBrien@example.com"),
        change(42, Optional.of("Smith"), Optional.of("zs@example.com"), Optional.of(3L)),
        transfer(42, "Ops", 4),
        archive(42, Optional.of("left 🚀"), Optional.of(5L)),
        ReleaseEmailClaim.heldBy("Zoe.OBrien@example.com", new EmployeeId(42)),
        new RecordCompletion(REJECTED),
        new RefusedRequest("00000042", new Rejection(Rejection.Kind.INVALID, "invalid-fields", "Two fields are invalid.",
            List.of(new Violation("age", "must be at least 16"), new Violation("email", "must contain @")))));
    Optional<IdempotencyRef> key = Optional.of(new IdempotencyRef("scope-digest", "body-digest"));
    return commands.stream()
        .map(command -> command instanceof CreateDepartment
            ? CommandEnvelope.first("c-1", AT, Actor.ANONYMOUS, command, Optional.empty())
            : CommandEnvelope.first("c-1", AT, ACTOR, command, key))
        .map(envelope -> envelope.command() instanceof HireEmployee ? atLastStep(envelope) : envelope)
        .toList();
  }

  /** The envelope at its last step, past its email claim, if it has one. */
  private static CommandEnvelope atLastStep(CommandEnvelope envelope) {
    CommandEnvelope step = envelope;
    while (step.route().size() > 1) {
      step = step.next(step.command());
    }
    return step;
  }

  /** A result of each kind. */
  public static List<CommandResult> results() {
    return List.of(
        CommandResult.accepted("c-1", "employee", "00000042", 3),
        CommandResult.rejected("c-1", "employee", "00000042", TAKEN),
        CommandResult.unchanged("c-1", "department", "Sales", 2),
        CommandResult.duplicate("c-2", "employee", "00000042", "c-1", AT, Optional.of(REJECTED)));
  }

  public static DepartmentState departmentState() {
    return new DepartmentState(new DepartmentId("Sales"), 2, "Sales EMEA", Optional.of(new EmployeeId(42)), Optional.of(MANAGER));
  }

  public static EmployeeState employeeState() {
    return new EmployeeState(new EmployeeId(42), 3, new DepartmentId("Sales"), "Zoë", "O'Brien", "Zoe.OBrien@example.com", 41, false);
  }
}
