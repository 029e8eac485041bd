package io.tablecast.commands.application;

import static io.tablecast.commands.testdata.Commands.assignManager;
import static io.tablecast.commands.testdata.Commands.hire;
import static io.tablecast.commands.testdata.Commands.transfer;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.EmployeeFacts;
import io.tablecast.commands.domain.ManagerDetails;
import io.tablecast.commands.domain.Step;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Given what the replicas know, which steps of a command's route are left. */
class ShortcutsTest {

  private static final Optional<IdempotencyRef> NO_KEY = Optional.empty();

  private static ReplicatedFacts knowing(Set<String> departments, Map<Integer, EmployeeFacts> employees) {
    return new ReplicatedFacts() {
      @Override
      public boolean departmentExists(DepartmentId id) {
        return departments.contains(id.value());
      }

      @Override
      public Optional<EmployeeFacts> employee(EmployeeId id) {
        return employees.entrySet().stream().filter(e -> new EmployeeId(e.getKey()).equals(id)).map(Map.Entry::getValue).findFirst();
      }
    };
  }

  private static CommandEnvelope shortened(Command command, Optional<IdempotencyRef> key, ReplicatedFacts facts) {
    return Shortcuts.apply(CommandEnvelope.first("c1", Instant.EPOCH, Actor.ANONYMOUS, command, key), facts);
  }

  @Test
  void aHireIntoAKnownDepartmentClaimsItsEmailFirst_intoAnUnknownOneChecksTheDepartmentFirst() {
    assertThat(shortened(hire(7, "Sales", "a@x.io"), NO_KEY, knowing(Set.of("Sales"), Map.of())).route())
        .extracting(Step::kind).containsExactly(Step.Kind.CLAIM_EMAIL, Step.Kind.DECIDE);
    assertThat(shortened(hire(7, "Sales", "a@x.io"), NO_KEY, ReplicatedFacts.NONE).route())
        .extracting(Step::kind).containsExactly(Step.Kind.REQUIRE_DEPARTMENT, Step.Kind.CLAIM_EMAIL, Step.Kind.DECIDE);
  }

  @Test
  void aTransferIntoAKnownDepartmentIsDecidedAtOnce() {
    assertThat(shortened(transfer(7, "Ops"), NO_KEY, knowing(Set.of("Ops"), Map.of())).route())
        .extracting(Step::kind).containsExactly(Step.Kind.DECIDE);
  }

  @Test
  void anActiveManagerIsNotLookedUpAgain_andTheDepartmentDecidesWithItsDetails() {
    CommandEnvelope envelope = shortened(assignManager("Sales", 7), NO_KEY,
        knowing(Set.of(), Map.of(7, new EmployeeFacts(false, "Mia", "Lee", "mia@x.io"))));

    assertThat(envelope.route()).extracting(Step::kind).containsExactly(Step.Kind.DECIDE);
    assertThat(((AssignManager) envelope.command()).manager()).contains(new ManagerDetails("Mia", "Lee", "mia@x.io"));
  }

  @Test
  void anArchivedOrUnknownManagerIsLookedUpOnItsOwnPartition_whichDecidesTheRefusal() {
    ReplicatedFacts archived = knowing(Set.of(), Map.of(7, new EmployeeFacts(true, "Mia", "Lee", "mia@x.io")));

    assertThat(shortened(assignManager("Sales", 7), NO_KEY, archived).currentStep().kind()).isEqualTo(Step.Kind.LOOKUP_MANAGER);
    assertThat(shortened(assignManager("Sales", 7), NO_KEY, ReplicatedFacts.NONE).currentStep().kind()).isEqualTo(Step.Kind.LOOKUP_MANAGER);
  }

  @Test
  void anIdempotencyKeyIsAlwaysCheckedFirst() {
    Optional<IdempotencyRef> key = Optional.of(new IdempotencyRef("scope", "body"));

    assertThat(shortened(hire(7, "Sales", "a@x.io"), key, knowing(Set.of("Sales"), Map.of())).currentStep().kind())
        .isEqualTo(Step.Kind.CHECK_IDEMPOTENCY);
  }
}
