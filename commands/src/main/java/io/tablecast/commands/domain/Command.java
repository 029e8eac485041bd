package io.tablecast.commands.domain;

/**
 * A request to change the HR domain, named in the imperative. Commands are validated for shape
 * when constructed; the command processor then decides them against the aggregates' state.
 */
public sealed interface Command permits CreateDepartment, HireEmployee {

  /** The canonical id of the aggregate that the command changes. */
  String aggregateId();

  <R> R accept(CommandVisitor<R> visitor);
}
