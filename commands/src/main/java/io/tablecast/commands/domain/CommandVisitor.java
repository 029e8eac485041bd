package io.tablecast.commands.domain;

/**
 * One method per command type: the compiler refuses a new command until every visitor (routes,
 * the processor's dispatch) handles it. Java 17's exhaustive stand-in for a pattern {@code switch}.
 */
public interface CommandVisitor<R> {

  R on(CreateDepartment command);

  R on(AssignManager command);

  R on(HireEmployee command);

  R on(ChangeEmployeeDetails command);

  R on(TransferEmployee command);

  R on(ArchiveEmployee command);

  R on(ReleaseEmailClaim command);

  R on(RecordCompletion command);

  R on(RefusedRequest command);
}
