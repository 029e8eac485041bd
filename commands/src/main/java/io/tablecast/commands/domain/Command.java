package io.tablecast.commands.domain;

/**
 * A request to change the HR domain, named in the imperative and validated for shape when
 * constructed. The command processor decides it against the aggregates' state.
 *
 * <p>Besides the six commands of the HTTP API, three internal ones keep the processor's own
 * registries in step: {@link ReleaseEmailClaim}, {@link RecordCompletion} and {@link
 * RefusedRequest}. No client sends them.
 */
public sealed interface Command
    permits DepartmentCommand, EmployeeCommand, ReleaseEmailClaim, RecordCompletion, RefusedRequest {

  /** The canonical id of the aggregate that the command changes, for the answer. */
  String aggregateId();

  <R> R accept(CommandVisitor<R> visitor);
}
