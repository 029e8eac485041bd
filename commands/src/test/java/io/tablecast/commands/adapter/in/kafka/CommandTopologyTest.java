package io.tablecast.commands.adapter.in.kafka;

import static io.tablecast.commands.testdata.Commands.archive;
import static io.tablecast.commands.testdata.Commands.assignManager;
import static io.tablecast.commands.testdata.Commands.change;
import static io.tablecast.commands.testdata.Commands.changeEmail;
import static io.tablecast.commands.testdata.Commands.changeNothing;
import static io.tablecast.commands.testdata.Commands.createDepartment;
import static io.tablecast.commands.testdata.Commands.hire;
import static io.tablecast.commands.testdata.Commands.transfer;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.IdempotencyRef;
import io.tablecast.commands.domain.Completion;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.commands.domain.RefusedRequest;
import io.tablecast.commands.testdata.ProcessorDriver;
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
import io.tablecast.schemas.EventSerde;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The command processor's topology, driven without a broker: given commands, expect events. */
class CommandTopologyTest {

  private final ProcessorDriver processor = new ProcessorDriver();

  @AfterEach
  void stop() {
    processor.close();
  }

  private void given(io.tablecast.commands.domain.Command... history) {
    for (io.tablecast.commands.domain.Command command : history) {
      processor.send(command);
    }
    processor.newEvents();
    processor.newResults();
    processor.newPasses();
  }

  private Rejection rejectionOf(String commandId) {
    CommandResult result = processor.onlyNewResult();
    assertThat(result.commandId()).isEqualTo(commandId);
    assertThat(result.kind()).isEqualTo(CommandResult.Kind.REJECTED);
    assertThat(processor.newEvents()).as("a rejected command records no event").isEmpty();
    return result.rejection().orElseThrow();
  }

  @Nested
  class CreatingADepartment {

    @Test
    void recordsDepartmentCreatedAtVersionOneKeyedByItsId() {
      String commandId = processor.send(createDepartment("Sales"));

      TestRecord<String, DomainEvent> record = processor.newEvents().get(0);
      assertThat(record.key()).isEqualTo("Sales");
      assertThat(record.headers().lastHeader(EventSerde.EVENT_TYPE_HEADER).value()).asString().isEqualTo("DepartmentCreated");
      DepartmentCreated event = (DepartmentCreated) record.value();
      assertThat(event.name()).isEqualTo("Sales department");
      assertThat(event.metadata().aggregateVersion()).isEqualTo(1);
      assertThat(event.metadata().commandId()).isEqualTo(commandId);
      assertThat(event.metadata().occurredAt()).isEqualTo(ProcessorDriver.T0);
    }

    @Test
    void aSecondTimeIsAConflict() {
      given(createDepartment("Sales"));

      Rejection rejection = rejectionOf(processor.send(createDepartment("Sales")));

      assertThat(rejection.kind()).isEqualTo(Rejection.Kind.CONFLICT);
      assertThat(rejection.code()).isEqualTo("duplicate-department");
    }
  }

  @Nested
  class HiringAnEmployee {

    @Test
    void intoADepartmentTheReplicaKnowsTakesTwoPasses_theEmailClaimThenTheDecision() {
      given(createDepartment("Sales"));

      processor.send(hire(42, "Sales", "ann@x.io"));

      assertThat(processor.newEvents()).extracting(TestRecord::value).hasOnlyElementsOfType(EmployeeHired.class);
      assertThat(processor.newPasses()).isEqualTo(2);
    }

    @Test
    void checksTheDepartmentClaimsTheEmailThenRecordsEmployeeHiredKeyedByTheCanonicalId() {
      given(createDepartment("Sales"));

      String commandId = processor.send(hire(42, "Sales", "ann@x.io"));

      TestRecord<String, DomainEvent> record = processor.newEvents().get(0);
      assertThat(record.key()).isEqualTo("00000042");
      EmployeeHired event = (EmployeeHired) record.value();
      assertThat(event.employeeId()).isEqualTo(new EmployeeId(42));
      assertThat(event.metadata().aggregateVersion()).isEqualTo(1);
      assertThat(event.metadata().commandId()).isEqualTo(commandId);
      assertThat(processor.newResults()).isEmpty();
    }

    @Test
    void intoAnUnknownDepartmentIsAnUnknownReference() {
      Rejection rejection = rejectionOf(processor.send(hire(42, "Nowhere", "ann@x.io")));

      assertThat(rejection.kind()).isEqualTo(Rejection.Kind.INVALID);
      assertThat(rejection.code()).isEqualTo("unknown-reference");
      assertThat(rejection.field()).contains("departmentId");
    }

    @Test
    void anExistingIdIsAConflictEvenWhenArchived() {
      given(createDepartment("Sales"), hire(42, "Sales", "ann@x.io"), archive(42));

      Rejection rejection = rejectionOf(processor.send(hire(42, "Sales", "other@x.io")));

      assertThat(rejection.code()).isEqualTo("duplicate-employee");
    }

    @Test
    void anEmailOfAnotherActiveEmployeeIsTakenWhateverItsCase() {
      given(createDepartment("Sales"), hire(1, "Sales", "Ann@X.io"));

      Rejection rejection = rejectionOf(processor.send(hire(2, "Sales", "ann@x.IO")));

      assertThat(rejection.kind()).isEqualTo(Rejection.Kind.CONFLICT);
      assertThat(rejection.code()).isEqualTo("email-taken");
    }

    @Test
    void anEmailFreedByAnArchiveCanBeTakenAgain() {
      given(createDepartment("Sales"), hire(1, "Sales", "ann@x.io"), archive(1));

      processor.send(hire(2, "Sales", "ann@x.io"));

      assertThat(processor.onlyNewEvent()).isInstanceOf(EmployeeHired.class);
    }

    @Test
    void aRefusedHireGivesItsEmailClaimBack() {
      given(createDepartment("Sales"), hire(1, "Sales", "ann@x.io"));
      rejectionOf(processor.send(hire(1, "Sales", "new@x.io"))); // duplicate id, after claiming new@x.io

      processor.send(hire(2, "Sales", "new@x.io"));

      assertThat(processor.onlyNewEvent()).isInstanceOf(EmployeeHired.class);
    }

    @Test
    void rehiringWithOnesOwnEmailDoesNotFreeIt() {
      given(createDepartment("Sales"), hire(1, "Sales", "ann@x.io"));
      rejectionOf(processor.send(hire(1, "Sales", "ann@x.io")));

      assertThat(rejectionOf(processor.send(hire(2, "Sales", "ann@x.io"))).code()).isEqualTo("email-taken");
    }
  }

  @Nested
  class AssigningAManager {

    @Test
    void carriesTheManagersCurrentNamesAndEmail() {
      given(createDepartment("Sales"), hire(7, "Sales", "mia@x.io"));

      processor.send(assignManager("Sales", 7));

      DepartmentManagerAssigned event = (DepartmentManagerAssigned) processor.onlyNewEvent();
      assertThat(event.managerId()).isEqualTo(new EmployeeId(7));
      assertThat(event.managerFirstName()).isEqualTo("First7");
      assertThat(event.managerLastName()).isEqualTo("Last7");
      assertThat(event.managerEmail()).isEqualTo("mia@x.io");
      assertThat(event.metadata().aggregateVersion()).isEqualTo(2);
    }

    @Test
    void ofAnEmployeeTheReplicaKnowsActiveTakesOnePass() {
      given(createDepartment("Sales"), hire(7, "Sales", "mia@x.io"));

      processor.send(assignManager("Sales", 7));

      assertThat(processor.onlyNewEvent()).isInstanceOf(DepartmentManagerAssigned.class);
      assertThat(processor.newPasses()).isEqualTo(1);
    }

    @Test
    void toAnUnknownDepartmentIsNotFound() {
      given(createDepartment("Sales"), hire(7, "Sales", "mia@x.io"));
      assertThat(rejectionOf(processor.send(assignManager("Nowhere", 7))).kind()).isEqualTo(Rejection.Kind.NOT_FOUND);
    }

    @Test
    void anUnknownEmployeeIsAnUnknownReference() {
      given(createDepartment("Sales"));

      Rejection rejection = rejectionOf(processor.send(assignManager("Sales", 7)));

      assertThat(rejection.code()).isEqualTo("unknown-reference");
      assertThat(rejection.field()).contains("employeeId");
    }

    @Test
    void anArchivedEmployeeIsAConflict() {
      given(createDepartment("Sales"), hire(7, "Sales", "mia@x.io"), archive(7));
      assertThat(rejectionOf(processor.send(assignManager("Sales", 7))).code()).isEqualTo("manager-archived");
    }

    @Test
    void theSameManagerWithTheSameDetailsChangesNothing() {
      given(createDepartment("Sales"), hire(7, "Sales", "mia@x.io"), assignManager("Sales", 7));

      processor.send(assignManager("Sales", 7));

      CommandResult result = processor.onlyNewResult();
      assertThat(result.kind()).isEqualTo(CommandResult.Kind.UNCHANGED);
      assertThat(result.version()).isEqualTo(2);
      assertThat(processor.newEvents()).isEmpty();
    }

    @Test
    void reassigningARenamedManagerCarriesTheNewName() {
      given(createDepartment("Sales"), hire(7, "Sales", "mia@x.io"), assignManager("Sales", 7),
          change(7, Optional.of("Wong"), Optional.empty(), Optional.empty()));

      processor.send(assignManager("Sales", 7));

      DepartmentManagerAssigned event = (DepartmentManagerAssigned) processor.onlyNewEvent();
      assertThat(event.managerLastName()).isEqualTo("Wong");
      assertThat(event.metadata().aggregateVersion()).isEqualTo(3);
    }
  }

  @Nested
  class ChangingDetails {

    @Test
    void recordsTheFullNewStateAtTheNextVersion() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));

      processor.send(change(5, Optional.of("Lee-Park"), Optional.of("anna@x.io"), Optional.of(1L)));

      EmployeeDetailsChanged event = (EmployeeDetailsChanged) processor.onlyNewEvent();
      assertThat(event.firstName()).isEqualTo("First5");
      assertThat(event.lastName()).isEqualTo("Lee-Park");
      assertThat(event.email()).isEqualTo("anna@x.io");
      assertThat(event.age()).isEqualTo(30);
      assertThat(event.departmentId()).isEqualTo(new DepartmentId("Sales"));
      assertThat(event.metadata().aggregateVersion()).isEqualTo(2);
    }

    @Test
    void anEmptyChangeIsANoOpAtTheCurrentVersion() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));

      processor.send(changeNothing(5));

      CommandResult result = processor.onlyNewResult();
      assertThat(result.kind()).isEqualTo(CommandResult.Kind.UNCHANGED);
      assertThat(result.version()).isEqualTo(1);
      assertThat(result.aggregateKind()).isEqualTo("employee");
      assertThat(processor.newEvents()).isEmpty();
    }

    @Test
    void repeatingTheCurrentValuesIsANoOp() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));
      processor.send(change(5, Optional.of("Last5"), Optional.of("ann@x.io"), Optional.empty()));
      assertThat(processor.onlyNewResult().kind()).isEqualTo(CommandResult.Kind.UNCHANGED);
    }

    @Test
    void aChangeOfCaseAloneIsAChange() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));

      processor.send(changeEmail(5, "ANN@x.io"));

      assertThat(((EmployeeDetailsChanged) processor.onlyNewEvent()).email()).isEqualTo("ANN@x.io");
    }

    @Test
    void anEmailOfAnotherEmployeeIsTaken() {
      given(createDepartment("Sales"), hire(1, "Sales", "a@x.io"), hire(2, "Sales", "b@x.io"));
      assertThat(rejectionOf(processor.send(changeEmail(2, "A@x.io"))).code()).isEqualTo("email-taken");
    }

    @Test
    void theOldEmailIsFreedForOthers() {
      given(createDepartment("Sales"), hire(1, "Sales", "a@x.io"), changeEmail(1, "new@x.io"));

      processor.send(hire(2, "Sales", "a@x.io"));

      assertThat(processor.onlyNewEvent()).isInstanceOf(EmployeeHired.class);
    }

    @Test
    void aStaleIfMatchIsAPreconditionFailure() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"), changeEmail(5, "b@x.io"));

      Rejection rejection = rejectionOf(processor.send(change(5, Optional.of("X"), Optional.empty(), Optional.of(1L))));

      assertThat(rejection.kind()).isEqualTo(Rejection.Kind.PRECONDITION_FAILED);
    }

    @Test
    void aRefusedChangeGivesItsNewEmailBack() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"), changeEmail(5, "b@x.io"));
      rejectionOf(processor.send(change(5, Optional.empty(), Optional.of("c@x.io"), Optional.of(1L)))); // stale

      processor.send(hire(6, "Sales", "c@x.io"));

      assertThat(processor.onlyNewEvent()).isInstanceOf(EmployeeHired.class);
    }

    @Test
    void anUnknownEmployeeIsNotFound() {
      assertThat(rejectionOf(processor.send(changeNothing(99))).kind()).isEqualTo(Rejection.Kind.NOT_FOUND);
    }
  }

  @Nested
  class Transferring {

    @Test
    void recordsFromAndToAtTheNextVersion() {
      given(createDepartment("Sales"), createDepartment("Ops"), hire(5, "Sales", "ann@x.io"));

      processor.send(transfer(5, "Ops", 1));

      EmployeeTransferred event = (EmployeeTransferred) processor.onlyNewEvent();
      assertThat(event.fromDepartmentId()).isEqualTo(new DepartmentId("Sales"));
      assertThat(event.toDepartmentId()).isEqualTo(new DepartmentId("Ops"));
      assertThat(event.metadata().aggregateVersion()).isEqualTo(2);
    }

    @Test
    void intoADepartmentTheReplicaKnowsTakesOnePass() {
      given(createDepartment("Sales"), createDepartment("Ops"), hire(5, "Sales", "ann@x.io"));

      processor.send(transfer(5, "Ops"));

      assertThat(processor.onlyNewEvent()).isInstanceOf(EmployeeTransferred.class);
      assertThat(processor.newPasses()).isEqualTo(1);
    }

    @Test
    void toTheCurrentDepartmentIsInvalid() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));

      Rejection rejection = rejectionOf(processor.send(transfer(5, "Sales")));

      assertThat(rejection.kind()).isEqualTo(Rejection.Kind.INVALID);
      assertThat(rejection.code()).isEqualTo("same-department");
    }

    @Test
    void toAnUnknownDepartmentIsAnUnknownReference() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));
      assertThat(rejectionOf(processor.send(transfer(5, "Nowhere"))).field()).contains("toDepartmentId");
    }

    @Test
    void ofAnUnknownEmployeeIsNotFound() {
      given(createDepartment("Ops"));
      assertThat(rejectionOf(processor.send(transfer(5, "Ops"))).kind()).isEqualTo(Rejection.Kind.NOT_FOUND);
    }

    @Test
    void withAStaleIfMatchIsAPreconditionFailure() {
      given(createDepartment("Sales"), createDepartment("Ops"), hire(5, "Sales", "ann@x.io"));
      assertThat(rejectionOf(processor.send(transfer(5, "Ops", 3))).kind()).isEqualTo(Rejection.Kind.PRECONDITION_FAILED);
    }
  }

  @Nested
  class Archiving {

    @Test
    void recordsTheDepartmentAndTheReason() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));

      processor.send(archive(5));

      EmployeeArchived event = (EmployeeArchived) processor.onlyNewEvent();
      assertThat(event.departmentId()).isEqualTo(new DepartmentId("Sales"));
      assertThat(event.reason()).contains("left");
      assertThat(event.metadata().aggregateVersion()).isEqualTo(2);
    }

    @Test
    void anEmptyReasonIsNoReason() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));
      processor.send(archive(5, Optional.of(""), Optional.empty()));
      assertThat(((EmployeeArchived) processor.onlyNewEvent()).reason()).isEmpty();
    }

    @Test
    void twiceIsAConflict() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"), archive(5));
      assertThat(rejectionOf(processor.send(archive(5))).code()).isEqualTo("already-archived");
    }

    @Test
    void anArchivedEmployeeAcceptsNoFurtherCommand() {
      given(createDepartment("Sales"), createDepartment("Ops"), hire(5, "Sales", "ann@x.io"), archive(5));

      assertThat(rejectionOf(processor.send(changeEmail(5, "x@x.io"))).code()).isEqualTo("employee-archived");
      assertThat(rejectionOf(processor.send(changeNothing(5))).code()).isEqualTo("employee-archived");
      assertThat(rejectionOf(processor.send(transfer(5, "Ops"))).code()).isEqualTo("employee-archived");
    }

    @Test
    void ofAnUnknownEmployeeIsNotFound() {
      assertThat(rejectionOf(processor.send(archive(5))).kind()).isEqualTo(Rejection.Kind.NOT_FOUND);
    }

    @Test
    void withAStaleIfMatchIsAPreconditionFailure() {
      given(createDepartment("Sales"), hire(5, "Sales", "ann@x.io"));
      assertThat(rejectionOf(processor.send(archive(5, Optional.empty(), Optional.of(7L)))).kind())
          .isEqualTo(Rejection.Kind.PRECONDITION_FAILED);
    }
  }

  @Test
  void versionsOfEachAggregateRunFromOneWithoutGaps() {
    given(createDepartment("Sales"), createDepartment("Ops"));
    processor.send(hire(5, "Sales", "a@x.io"));
    processor.send(changeNothing(5)); // no event, no version
    processor.send(changeEmail(5, "b@x.io"));
    processor.send(transfer(5, "Sales")); // refused, no version
    processor.send(transfer(5, "Ops"));
    processor.send(archive(5));

    List<Long> versions = processor.newEvents().stream().map(r -> r.value().version()).toList();

    assertThat(versions).containsExactly(1L, 2L, 3L, 4L);
  }

  @Nested
  class IdempotencyKeys {

    private final Optional<IdempotencyRef> key = Optional.of(new IdempotencyRef("scope-1", "body-1"));

    @Test
    void aRetryWithTheSameBodyReplaysTheFirstOutcomeAndRecordsNothingNew() {
      given(createDepartment("Sales"));
      String first = processor.send(hire(5, "Sales", "a@x.io"), key);
      assertThat(processor.newEvents()).hasSize(1);

      String retry = processor.send(hire(5, "Sales", "a@x.io"), key);

      CommandResult result = processor.onlyNewResult();
      assertThat(result.commandId()).isEqualTo(retry);
      assertThat(result.kind()).isEqualTo(CommandResult.Kind.DUPLICATE);
      assertThat(result.originalCommandId()).contains(first);
      Completion completion = result.completion().orElseThrow();
      assertThat(completion.kind()).isEqualTo(Completion.Kind.ACCEPTED);
      assertThat(completion.aggregateId()).isEqualTo("00000005");
      assertThat(completion.version()).isEqualTo(1);
      assertThat(processor.newEvents()).isEmpty();
    }

    @Test
    void aRetryOfARejectedCommandReplaysTheRejection() {
      processor.send(hire(5, "Nowhere", "a@x.io"), key);
      processor.newResults();

      processor.send(hire(5, "Nowhere", "a@x.io"), key);

      Completion completion = processor.onlyNewResult().completion().orElseThrow();
      assertThat(completion.kind()).isEqualTo(Completion.Kind.REJECTED);
      assertThat(completion.rejection().orElseThrow().code()).isEqualTo("unknown-reference");
    }

    @Test
    void theSameKeyWithAnotherBodyIsRefusedAndTheFirstAnswerStays() {
      given(createDepartment("Sales"));
      String first = processor.send(hire(5, "Sales", "a@x.io"), key);
      processor.newEvents();

      Rejection rejection = rejectionOf(processor.send(hire(6, "Sales", "b@x.io"), Optional.of(new IdempotencyRef("scope-1", "body-2"))));
      assertThat(rejection.code()).isEqualTo("idempotency-key-reused");
      assertThat(rejection.kind()).isEqualTo(Rejection.Kind.INVALID);

      processor.send(hire(5, "Sales", "a@x.io"), key);
      assertThat(processor.onlyNewResult().originalCommandId()).contains(first);
    }

    @Test
    void aRefusedRequestBecomesTheKeysFirstAnswer() {
      Rejection invalid = Rejection.invalid("validation-failed", "age", "must be between 16 and 120");
      String first = processor.send(new RefusedRequest("/employees", invalid), key);
      assertThat(rejectionOf(first)).isEqualTo(invalid);

      processor.send(new RefusedRequest("/employees", invalid), key);

      CommandResult replay = processor.onlyNewResult();
      assertThat(replay.originalCommandId()).contains(first);
      assertThat(replay.completion().orElseThrow().rejection()).contains(invalid);
    }

    @Test
    void keysAreForgottenAfterTheirRetention() {
      given(createDepartment("Sales"));
      processor.send(hire(5, "Sales", "a@x.io"), key);
      processor.newEvents();

      processor.advance(Duration.ofHours(26));
      processor.send(hire(6, "Sales", "b@x.io"), Optional.of(new IdempotencyRef("scope-1", "body-2")));

      assertThat(processor.onlyNewEvent()).isInstanceOf(EmployeeHired.class);
    }
  }

  @Nested
  class RecordingTheActor {

    private final Actor admin = new Actor("3f2504e0-4f89-11d3-9a0c-0305e82c3301");

    @Test
    void aHireRecordsWhoSentItThoughItVisitsTheDepartmentAndTheEmailFirst() {
      given(createDepartment("Sales"));

      processor.send(hire(42, "Sales", "ann@x.io"), Optional.empty(), admin);

      DomainEvent hired = processor.onlyNewEvent();
      assertThat(hired).isInstanceOf(EmployeeHired.class);
      assertThat(hired.metadata().actor()).isEqualTo(admin);
    }

    @Test
    void aManagerAssignmentRecordsWhoSentItThoughItLooksUpTheManagerFirst() {
      given(createDepartment("Sales"), hire(7, "Sales", "m@x.io"));

      processor.send(assignManager("Sales", 7), Optional.empty(), admin);

      DomainEvent assigned = processor.onlyNewEvent();
      assertThat(assigned).isInstanceOf(DepartmentManagerAssigned.class);
      assertThat(assigned.metadata().actor()).isEqualTo(admin);
    }

    @Test
    void eachCommandRecordsItsOwnActor() {
      given(createDepartment("Sales"), createDepartment("Ops"), hire(42, "Sales", "ann@x.io"));
      Actor other = new Actor("service-principal-2");

      processor.send(transfer(42, "Ops"), Optional.empty(), admin);
      processor.send(archive(42, Optional.empty(), Optional.empty()), Optional.empty(), other);

      assertThat(processor.newEvents()).extracting(record -> record.value().metadata().actor()).containsExactly(admin, other);
    }

    @Test
    void aCommandSentWithoutAnActorIsAnonymous() {
      processor.send(createDepartment("Sales"));

      assertThat(processor.onlyNewEvent().metadata().actor()).isEqualTo(Actor.ANONYMOUS);
    }
  }
}
