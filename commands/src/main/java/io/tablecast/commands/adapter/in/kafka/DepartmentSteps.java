package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.Decision;
import io.tablecast.commands.domain.DepartmentState;
import io.tablecast.commands.domain.Departments;
import io.tablecast.commands.domain.EventStamp;
import io.tablecast.commands.domain.Step;
import io.tablecast.commands.domain.TransferEmployee;
import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DepartmentId;
import java.util.Optional;
import org.apache.kafka.streams.state.KeyValueStore;

/** The steps decided on a department's partition, against the departments store. */
final class DepartmentSteps {

  private final KeyValueStore<String, DepartmentState> store;

  DepartmentSteps(KeyValueStore<String, DepartmentState> store) {
    this.store = store;
  }

  StepResult handle(CommandEnvelope envelope, Step step, EventStamp stamp) {
    Optional<DepartmentState> current = Optional.ofNullable(store.get(step.id()));
    Command command = envelope.command();
    Decision decision;
    if (step.kind() == Step.Kind.REQUIRE_DEPARTMENT) {
      String field = command instanceof TransferEmployee ? "toDepartmentId" : "departmentId";
      decision = Departments.requireExisting(current, new DepartmentId(step.id()), field, command);
    } else if (command instanceof CreateDepartment c) {
      decision = Departments.create(current, c, stamp);
    } else if (command instanceof AssignManager c) {
      decision = Departments.assignManager(current, c, stamp);
    } else {
      throw new IllegalStateException("No department step " + step.kind() + " for " + command.getClass().getSimpleName());
    }
    if (decision instanceof Decision.Accepted accepted) {
      store.put(step.id(), DepartmentState.evolve(current, (DepartmentEvent) accepted.event()));
    }
    return StepResult.decided(decision);
  }
}
