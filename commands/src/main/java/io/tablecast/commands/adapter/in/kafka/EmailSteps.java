package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.ChangeEmployeeDetails;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.EmailClaim;
import io.tablecast.commands.domain.EmailRegistry;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.ReleaseEmailClaim;
import io.tablecast.commands.domain.Step;
import io.tablecast.events.EmployeeId;
import java.util.Optional;
import org.apache.kafka.streams.state.KeyValueStore;

/** The email registry: claims and releases, each on the partition that owns the address. */
final class EmailSteps {

  private final KeyValueStore<String, EmailClaim> store;

  EmailSteps(KeyValueStore<String, EmailClaim> store) {
    this.store = store;
  }

  StepResult handle(CommandEnvelope envelope, Step step) {
    Optional<EmailClaim> current = Optional.ofNullable(store.get(step.id()));
    Command command = envelope.command();
    if (command instanceof ReleaseEmailClaim release) {
      save(step.id(), EmailRegistry.release(current, release));
      return new StepResult.Done();
    }
    EmailRegistry.ClaimOutcome claim =
        EmailRegistry.claim(current, step.id(), claimant(command), envelope.commandId(), command);
    save(step.id(), claim.entry());
    return StepResult.decided(claim.decision());
  }

  private static EmployeeId claimant(Command command) {
    if (command instanceof HireEmployee hire) {
      return hire.employeeId();
    } else if (command instanceof ChangeEmployeeDetails change) {
      return change.employeeId();
    }
    throw new IllegalStateException("No email claim for " + command.getClass().getSimpleName());
  }

  private void save(String email, Optional<EmailClaim> entry) {
    if (entry.isPresent()) {
      store.put(email, entry.get());
    } else {
      store.delete(email);
    }
  }
}
