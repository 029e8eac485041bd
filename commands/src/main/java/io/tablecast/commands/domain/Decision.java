package io.tablecast.commands.domain;

import io.tablecast.events.DomainEvent;

/** What an aggregate decided about one step of a command. */
public sealed interface Decision {

  /** The command is accepted: this event is the fact to record. */
  record Accepted(DomainEvent event) implements Decision {}

  /** The command is valid but changes nothing: no event; the aggregate stays at {@code version}. */
  record Unchanged(String aggregateId, long version) implements Decision {}

  /** This step passed; the command moves on, possibly enriched (a manager's details). */
  record Proceed(Command next) implements Decision {}

  record Rejected(Rejection rejection) implements Decision {}

  static Decision accept(DomainEvent event) {
    return new Accepted(event);
  }

  static Decision proceed(Command next) {
    return new Proceed(next);
  }

  static Decision reject(Rejection rejection) {
    return new Rejected(rejection);
  }
}
