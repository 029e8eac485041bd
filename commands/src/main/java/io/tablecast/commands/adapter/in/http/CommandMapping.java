package io.tablecast.commands.adapter.in.http;

import io.tablecast.commands.adapter.in.http.Requests.CreateDepartmentRequest;
import io.tablecast.commands.adapter.in.http.Requests.HireEmployeeRequest;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.FieldRules;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.common.http.FieldError;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;

/** Turns well-formed request bodies into commands, or a 422 listing every field problem. */
final class CommandMapping {

  private CommandMapping() {}

  static CreateDepartment createDepartment(CreateDepartmentRequest r) {
    requireValid(new FieldRules().departmentId("departmentId", r.departmentId()).name("name", r.name()));
    return new CreateDepartment(new DepartmentId(r.departmentId()), r.name());
  }

  static HireEmployee hire(HireEmployeeRequest r) {
    requireValid(
        new FieldRules()
            .employeeId("employeeId", r.employeeId())
            .departmentId("departmentId", r.departmentId())
            .name("firstName", r.firstName())
            .name("lastName", r.lastName())
            .email("email", r.email())
            .age("age", r.age()));
    return new HireEmployee(
        EmployeeId.parse(r.employeeId()),
        new DepartmentId(r.departmentId()),
        r.firstName(),
        r.lastName(),
        r.email(),
        r.age());
  }

  private static void requireValid(FieldRules rules) {
    if (!rules.ok()) {
      throw new ProblemException(
          ProblemType.VALIDATION_FAILED,
          "The request has " + rules.violations().size() + " invalid field(s).",
          rules.violations().stream().map(v -> new FieldError(v.field(), v.message())).toList());
    }
  }
}
