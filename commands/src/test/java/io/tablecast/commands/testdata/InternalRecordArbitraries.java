package io.tablecast.commands.testdata;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.application.IdempotencyRef;
import io.tablecast.commands.domain.ArchiveEmployee;
import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.ChangeEmployeeDetails;
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
import io.tablecast.commands.domain.Step;
import io.tablecast.commands.domain.TransferEmployee;
import io.tablecast.commands.domain.Violation;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of the command side's internal records, as their records accept them: ids at
 * their bounds, any Unicode text (emoji, control characters, the empty string; no lone
 * surrogates, which UTF-8 cannot carry), optional values present and absent, any millisecond
 * instant. Instants are whole milliseconds: the records travel at that precision.
 */
public final class InternalRecordArbitraries {

  private InternalRecordArbitraries() {}

  /** Envelopes of every command type, with routes of one to five steps. */
  public static Arbitrary<CommandEnvelope> envelopes() {
    Arbitrary<IdempotencyRef> keys = Combinators.combine(text(), text()).as(IdempotencyRef::new);
    return Combinators.combine(text(), instants(), actors(), steps().list().ofMinSize(1).ofMaxSize(5), commands(),
            keys.optional(0.5), Arbitraries.of(true, false))
        .as(CommandEnvelope::new);
  }

  /** Anonymous, and any non-blank subject up to the length limit. */
  public static Arbitrary<Actor> actors() {
    Arbitrary<Actor> subjects = text().filter(s -> !s.isBlank() && s.length() <= Actor.MAX_LENGTH).map(Actor::new);
    return Arbitraries.oneOf(Arbitraries.just(Actor.ANONYMOUS), subjects);
  }

  /** The nine command records. */
  public static Arbitrary<Command> commands() {
    Arbitrary<Optional<Long>> versions = Arbitraries.longs().optional(0.5);
    return Arbitraries.oneOf(
        Combinators.combine(departmentIds(), text()).as(CreateDepartment::new),
        Combinators.combine(departmentIds(), employeeIds(), managers().optional(0.5)).as(AssignManager::new),
        Combinators.combine(employeeIds(), departmentIds(), text(), text(), text(), Arbitraries.integers())
            .as(HireEmployee::new),
        Combinators.combine(
                employeeIds(), text().optional(0.5), text().optional(0.5), text().optional(0.5),
                Arbitraries.integers().optional(0.5), versions)
            .as(ChangeEmployeeDetails::new),
        Combinators.combine(employeeIds(), departmentIds(), versions).as(TransferEmployee::new),
        Combinators.combine(employeeIds(), text().optional(0.6), versions).as(ArchiveEmployee::new),
        Combinators.combine(text(), employeeIds().optional(0.5), text().optional(0.5)).as(ReleaseEmailClaim::new),
        completions().map(RecordCompletion::new),
        Combinators.combine(text(), rejections()).as(RefusedRequest::new));
  }

  public static Arbitrary<CommandResult> results() {
    Arbitrary<Tuple.Tuple4<Optional<Rejection>, Optional<String>, Optional<Instant>, Optional<Completion>>> optionals =
        Combinators.combine(rejections().optional(0.5), text().optional(0.5), instants().optional(0.5), completions().optional(0.5))
            .as(Tuple::of);
    return Combinators.combine(
            text(), Arbitraries.of(CommandResult.Kind.class), text(), text(), Arbitraries.longs(), optionals)
        .as((commandId, kind, aggregateKind, aggregateId, version, o) ->
            new CommandResult(commandId, kind, aggregateKind, aggregateId, version, o.get1(), o.get2(), o.get3(), o.get4()));
  }

  public static Arbitrary<DepartmentState> departmentStates() {
    return Combinators.combine(
            departmentIds(), Arbitraries.longs(), text(), employeeIds().optional(0.5), managers().optional(0.5))
        .as(DepartmentState::new);
  }

  public static Arbitrary<EmployeeState> employeeStates() {
    return Combinators.combine(
            employeeIds(), Arbitraries.longs(), departmentIds(), text(), text(), text(), Arbitraries.integers(),
            Arbitraries.of(true, false))
        .as(EmployeeState::new);
  }

  public static Arbitrary<EmailClaim> emailClaims() {
    return Combinators.combine(employeeIds(), text()).as(EmailClaim::new);
  }

  public static Arbitrary<IdempotencyRecord> idempotencyRecords() {
    return Combinators.combine(text(), text(), instants(), completions().optional(0.5)).as(IdempotencyRecord::new);
  }

  public static Arbitrary<EmployeeFacts> employeeFacts() {
    return Combinators.combine(Arbitraries.of(true, false), text(), text(), text()).as(EmployeeFacts::new);
  }

  public static Arbitrary<Rejection> rejections() {
    Arbitrary<Violation> violations = Combinators.combine(text(), text()).as(Violation::new);
    return Combinators.combine(Arbitraries.of(Rejection.Kind.class), text(), text(), violations.list().ofMaxSize(3))
        .as(Rejection::new);
  }

  public static Arbitrary<Completion> completions() {
    return Combinators.combine(Arbitraries.of(Completion.Kind.class), text(), Arbitraries.longs(), rejections().optional(0.5))
        .as(Completion::new);
  }

  public static Arbitrary<ManagerDetails> managers() {
    return Combinators.combine(text(), text(), text()).as(ManagerDetails::new);
  }

  public static Arbitrary<Step> steps() {
    return Combinators.combine(Arbitraries.of(Step.Kind.class), Arbitraries.of(Step.Target.class), text()).as(Step::new);
  }

  public static Arbitrary<DepartmentId> departmentIds() {
    Arbitrary<String> first = Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z').ofLength(1);
    Arbitrary<String> rest = Arbitraries.strings()
        .withCharRange('a', 'z')
        .withCharRange('A', 'Z')
        .withCharRange('0', '9')
        .withChars('-')
        .ofMaxLength(63);
    return Combinators.combine(first, rest).as((f, r) -> new DepartmentId(f + r));
  }

  public static Arbitrary<EmployeeId> employeeIds() {
    return Arbitraries.integers().between(0, 99_999_999).map(EmployeeId::new);
  }

  /** Every millisecond an {@link Instant} can hold as epoch milliseconds. */
  public static Arbitrary<Instant> instants() {
    return Arbitraries.longs().map(Instant::ofEpochMilli);
  }

  /** Any text of Unicode scalar values, with emoji made likely. */
  public static Arbitrary<String> text() {
    Arbitrary<Integer> anyScalar = Arbitraries.integers()
        .between(0, Character.MAX_CODE_POINT)
        .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE);
    Arbitrary<Integer> emoji = Arbitraries.of(0x1F600, 0x1F469, 0x200D, 0x1F4BC, 0xFE0F);
    Arbitrary<Integer> ascii = Arbitraries.integers().between(0x20, 0x7E);
    return Arbitraries.frequencyOf(Tuple.of(3, ascii), Tuple.of(2, anyScalar), Tuple.of(1, emoji))
        .list()
        .ofMaxSize(40)
        .map(InternalRecordArbitraries::fromCodePoints);
  }

  private static String fromCodePoints(List<Integer> codePoints) {
    StringBuilder text = new StringBuilder();
    codePoints.forEach(text::appendCodePoint);
    return text.toString();
  }
}
