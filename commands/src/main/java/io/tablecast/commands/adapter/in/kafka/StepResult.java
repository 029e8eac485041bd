package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.domain.Decision;
import io.tablecast.commands.domain.EmployeeState;
import java.util.Optional;

/** What a step handler produced, for the processor to publish. */
sealed interface StepResult {

  /** A decision: publish it, then its follow-ups. */
  record Decided(Decision decision, Optional<EmployeeState> employeeBefore) implements StepResult {}

  /** An answer that needs no follow-up: a duplicate or a reused idempotency key. */
  record Answered(CommandResult result) implements StepResult {}

  /** Internal bookkeeping, done: nothing to publish. */
  record Done() implements StepResult {}

  static StepResult decided(Decision decision) {
    return new Decided(decision, Optional.empty());
  }
}
