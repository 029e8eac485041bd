package io.tablecast.commands.domain;

import io.tablecast.commands.domain.Step.Kind;
import io.tablecast.commands.domain.Step.Target;
import java.util.List;

/** The steps of each command, in order. The last step decides and records the event. */
public final class Routes {

  private Routes() {}

  public static List<Step> of(Command command) {
    return command.accept(ROUTES);
  }

  private static final CommandVisitor<List<Step>> ROUTES = new CommandVisitor<>() {
    @Override
    public List<Step> on(CreateDepartment c) {
      return List.of(new Step(Kind.DECIDE, Target.DEPARTMENT, c.departmentId().value()));
    }

    @Override
    public List<Step> on(HireEmployee c) {
      return List.of(
          new Step(Kind.REQUIRE_DEPARTMENT, Target.DEPARTMENT, c.departmentId().value()),
          new Step(Kind.DECIDE, Target.EMPLOYEE, c.employeeId().canonical()));
    }
  };
}
