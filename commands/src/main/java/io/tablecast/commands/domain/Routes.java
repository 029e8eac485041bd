package io.tablecast.commands.domain;

import io.tablecast.commands.domain.Step.Kind;
import io.tablecast.commands.domain.Step.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The steps of each command, in order. When a request carries an idempotency key, its first step
 * checks the key. References in the body are checked before the aggregate decides, so a request
 * that is wrong in several ways reports its references first.
 */
public final class Routes {

  private Routes() {}

  /**
   * @param idempotencyScope the hashed scope of the request's idempotency key, if it has one
   */
  public static List<Step> of(Command command, Optional<String> idempotencyScope) {
    if (command instanceof RecordCompletion) {
      return List.of(decide(Target.IDEMPOTENCY, idempotencyScope.orElseThrow()));
    }
    List<Step> steps = new ArrayList<>();
    idempotencyScope.ifPresent(scope -> steps.add(new Step(Kind.CHECK_IDEMPOTENCY, Target.IDEMPOTENCY, scope)));
    steps.addAll(command.accept(STEPS));
    return List.copyOf(steps);
  }

  private static Step decide(Target target, String id) {
    return new Step(Kind.DECIDE, target, id);
  }

  private static final CommandVisitor<List<Step>> STEPS = new CommandVisitor<>() {
    @Override
    public List<Step> on(CreateDepartment c) {
      return List.of(decide(Target.DEPARTMENT, c.departmentId().value()));
    }

    @Override
    public List<Step> on(AssignManager c) {
      return List.of(
          new Step(Kind.LOOKUP_MANAGER, Target.EMPLOYEE, c.managerId().canonical()),
          decide(Target.DEPARTMENT, c.departmentId().value()));
    }

    @Override
    public List<Step> on(HireEmployee c) {
      return List.of(
          new Step(Kind.REQUIRE_DEPARTMENT, Target.DEPARTMENT, c.departmentId().value()),
          new Step(Kind.CLAIM_EMAIL, Target.EMAIL, Emails.normalize(c.email())),
          decide(Target.EMPLOYEE, c.employeeId().canonical()));
    }

    @Override
    public List<Step> on(ChangeEmployeeDetails c) {
      Step decide = decide(Target.EMPLOYEE, c.employeeId().canonical());
      return c.email()
          .map(email -> List.of(new Step(Kind.CLAIM_EMAIL, Target.EMAIL, Emails.normalize(email)), decide))
          .orElse(List.of(decide));
    }

    @Override
    public List<Step> on(TransferEmployee c) {
      return List.of(
          new Step(Kind.REQUIRE_DEPARTMENT, Target.DEPARTMENT, c.toDepartmentId().value()),
          decide(Target.EMPLOYEE, c.employeeId().canonical()));
    }

    @Override
    public List<Step> on(ArchiveEmployee c) {
      return List.of(decide(Target.EMPLOYEE, c.employeeId().canonical()));
    }

    @Override
    public List<Step> on(ReleaseEmailClaim c) {
      return List.of(decide(Target.EMAIL, c.normalizedEmail()));
    }

    @Override
    public List<Step> on(RecordCompletion c) {
      return List.of(); // handled above: it only visits the idempotency registry
    }

    @Override
    public List<Step> on(RefusedRequest c) {
      return List.of(); // its only step is the idempotency check
    }
  };
}
