package io.tablecast.commands.domain;

import io.tablecast.events.DomainEvent;

/** What an aggregate decided about a command, or about one step of a command. */
public sealed interface Decision {

  /** The command is accepted: this event is the fact to record. */
  record Accepted(DomainEvent event) implements Decision {}

  /** This step's check passed; the command moves on to its next step. */
  record Proceed() implements Decision {}

  record Rejected(Rejection rejection) implements Decision {}

  static Decision accept(DomainEvent event) {
    return new Accepted(event);
  }

  static Decision proceed() {
    return new Proceed();
  }

  static Decision reject(Rejection rejection) {
    return new Rejected(rejection);
  }
}
