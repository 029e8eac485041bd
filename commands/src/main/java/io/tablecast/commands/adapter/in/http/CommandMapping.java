package io.tablecast.commands.adapter.in.http;

import io.tablecast.commands.adapter.in.http.Requests.ArchiveRequest;
import io.tablecast.commands.adapter.in.http.Requests.AssignManagerRequest;
import io.tablecast.commands.adapter.in.http.Requests.ChangeDetailsRequest;
import io.tablecast.commands.adapter.in.http.Requests.CreateDepartmentRequest;
import io.tablecast.commands.adapter.in.http.Requests.HireEmployeeRequest;
import io.tablecast.commands.adapter.in.http.Requests.TransferRequest;
import io.tablecast.commands.domain.ArchiveEmployee;
import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.ChangeEmployeeDetails;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.FieldRules;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.commands.domain.TransferEmployee;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.util.Optional;

/** Turns well-formed request bodies into commands, or a 422 listing every field problem. */
final class CommandMapping {

  private CommandMapping() {}

  static CreateDepartment createDepartment(CreateDepartmentRequest r) {
    requireValid(new FieldRules().departmentId("departmentId", r.departmentId()).name("name", r.name()));
    return new CreateDepartment(new DepartmentId(r.departmentId()), r.name());
  }

  static AssignManager assignManager(DepartmentId department, AssignManagerRequest r) {
    requireValid(new FieldRules().employeeId("employeeId", r.employeeId()));
    return AssignManager.of(department, EmployeeId.parse(r.employeeId()));
  }

  static HireEmployee hire(HireEmployeeRequest r) {
    requireValid(new FieldRules()
        .employeeId("employeeId", r.employeeId())
        .departmentId("departmentId", r.departmentId())
        .name("firstName", r.firstName())
        .name("lastName", r.lastName())
        .email("email", r.email())
        .age("age", r.age()));
    return new HireEmployee(
        EmployeeId.parse(r.employeeId()), new DepartmentId(r.departmentId()), r.firstName(), r.lastName(), r.email(), r.age());
  }

  /**
   * @param explicitNulls fields given as JSON {@code null}: a PATCH leaves absent fields alone,
   *     but a {@code null} asks to erase a field that cannot be empty
   */
  static ChangeEmployeeDetails changeDetails(
      EmployeeId id, ChangeDetailsRequest r, java.util.Set<String> explicitNulls, Optional<Long> expectedVersion) {
    FieldRules rules = new FieldRules();
    explicitNulls.forEach(rules::notNull);
    if (r.firstName() != null) {
      rules.name("firstName", r.firstName());
    }
    if (r.lastName() != null) {
      rules.name("lastName", r.lastName());
    }
    if (r.email() != null) {
      rules.email("email", r.email());
    }
    if (r.age() != null) {
      rules.age("age", r.age());
    }
    requireValid(rules);
    return new ChangeEmployeeDetails(id, Optional.ofNullable(r.firstName()), Optional.ofNullable(r.lastName()),
        Optional.ofNullable(r.email()), Optional.ofNullable(r.age()), expectedVersion);
  }

  static TransferEmployee transfer(EmployeeId id, TransferRequest r, Optional<Long> expectedVersion) {
    requireValid(new FieldRules().departmentId("toDepartmentId", r.toDepartmentId()));
    return new TransferEmployee(id, new DepartmentId(r.toDepartmentId()), expectedVersion);
  }

  static ArchiveEmployee archive(EmployeeId id, Optional<ArchiveRequest> r, Optional<Long> expectedVersion) {
    Optional<String> reason = r.map(ArchiveRequest::reason);
    requireValid(new FieldRules().optionalText("reason", reason.orElse(null), FieldRules.MAX_REASON_LENGTH));
    return new ArchiveEmployee(id, reason, expectedVersion);
  }

  private static void requireValid(FieldRules rules) {
    if (!rules.ok()) {
      throw OutcomeResponses.toProblem(new Rejection(
          Rejection.Kind.INVALID, "validation-failed",
          "The request has " + rules.violations().size() + " invalid field(s).", rules.violations()));
    }
  }
}
