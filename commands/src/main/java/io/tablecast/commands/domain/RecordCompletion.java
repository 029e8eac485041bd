package io.tablecast.commands.domain;

import java.util.Objects;

/** Internal: stores how a command with an idempotency key ended, for replays. */
public record RecordCompletion(Completion completion) implements Command {

  public RecordCompletion {
    Objects.requireNonNull(completion, "'completion' cannot be null.");
  }

  @Override
  public String aggregateId() {
    return completion.aggregateId();
  }

  @Override
  public <R> R accept(CommandVisitor<R> visitor) {
    return visitor.on(this);
  }
}
