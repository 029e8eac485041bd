package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.ArchiveEmployee;
import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.ChangeEmployeeDetails;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.Decision;
import io.tablecast.commands.domain.EmployeeState;
import io.tablecast.commands.domain.Employees;
import io.tablecast.commands.domain.EventStamp;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.Step;
import io.tablecast.commands.domain.TransferEmployee;
import io.tablecast.events.EmployeeEvent;
import java.util.Optional;
import org.apache.kafka.streams.state.KeyValueStore;

/** The steps decided on an employee's partition, against the employees store. */
final class EmployeeSteps {

  private final KeyValueStore<String, EmployeeState> store;

  EmployeeSteps(KeyValueStore<String, EmployeeState> store) {
    this.store = store;
  }

  StepResult handle(CommandEnvelope envelope, Step step, EventStamp stamp) {
    Optional<EmployeeState> current = Optional.ofNullable(store.get(step.id()));
    Decision decision = decide(envelope.command(), step, current, stamp);
    if (decision instanceof Decision.Accepted accepted) {
      store.put(step.id(), EmployeeState.evolve(current, (EmployeeEvent) accepted.event()));
    }
    return new StepResult.Decided(decision, current);
  }

  private static Decision decide(Command command, Step step, Optional<EmployeeState> current, EventStamp stamp) {
    if (step.kind() == Step.Kind.LOOKUP_MANAGER) {
      return Employees.lookupManager(current, (AssignManager) command);
    } else if (command instanceof HireEmployee c) {
      return Employees.hire(current, c, stamp);
    } else if (command instanceof ChangeEmployeeDetails c) {
      return Employees.changeDetails(current, c, stamp);
    } else if (command instanceof TransferEmployee c) {
      return Employees.transfer(current, c, stamp);
    } else if (command instanceof ArchiveEmployee c) {
      return Employees.archive(current, c, stamp);
    }
    throw new IllegalStateException("No employee step " + step.kind() + " for " + command.getClass().getSimpleName());
  }
}
