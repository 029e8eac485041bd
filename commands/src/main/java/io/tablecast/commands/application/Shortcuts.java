package io.tablecast.commands.application;

import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.EmployeeFacts;
import io.tablecast.commands.domain.Step;
import io.tablecast.events.DepartmentId;
import java.util.Optional;

/**
 * Skips the steps of a route that the replicated facts settle, before the envelope is sent to
 * its next step: a department check for a department known to exist, and the lookup of a manager
 * known to be active, whose details it carries on. Each step skipped is a pass through Kafka
 * saved. A fact not known yet (a department created moments ago) leaves the step in place, and
 * the step decides against the aggregate's own state, as always.
 *
 * <p>The lookup of an active manager is the one shortcut that a racing change can outrun: an
 * assignment decided while the manager's archiving is still on its way to the replica is
 * accepted, and the views then drop the manager as they do for one archived after its
 * assignment (docs/decisions.md).
 */
public final class Shortcuts {

  private Shortcuts() {}

  public static CommandEnvelope apply(CommandEnvelope envelope, ReplicatedFacts facts) {
    CommandEnvelope current = envelope;
    while (current.route().size() > 1) {
      Step step = current.currentStep();
      if (step.kind() == Step.Kind.REQUIRE_DEPARTMENT && facts.departmentExists(new DepartmentId(step.id()))) {
        current = current.next(current.command());
      } else if (step.kind() == Step.Kind.LOOKUP_MANAGER && current.command() instanceof AssignManager assign) {
        Optional<EmployeeFacts> manager = facts.employee(assign.managerId()).filter(m -> !m.archived());
        if (manager.isEmpty()) {
          return current;
        }
        current = current.next(assign.withManager(manager.get().managerDetails()));
      } else {
        return current;
      }
    }
    return current;
  }
}
