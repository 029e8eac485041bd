package io.tablecast.views.adapter.in.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tablecast.views.domain.DepartmentView;
import io.tablecast.views.domain.EmployeeView;
import java.time.Instant;

/** The JSON bodies of the views API (SPEC §9), camelCase, ids canonical. */
final class Responses {

  private Responses() {}

  record Manager(String employeeId, String firstName, String lastName, String email) {}

  record Department(String departmentId, String name, int employeeCount, long version, Manager manager) {

    static Department of(DepartmentView d) {
      return new Department(
          d.departmentId(),
          d.name(),
          d.employeeCount(),
          d.version(),
          d.manager().map(m -> new Manager(m.employeeId(), m.firstName(), m.lastName(), m.email())).orElse(null));
    }
  }

  record Employee(
      String employeeId,
      String departmentId,
      String firstName,
      String lastName,
      String email,
      int age,
      Instant hiredAt,
      long version,
      String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) Instant archivedAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reason) {

    static Employee of(EmployeeView e) {
      return new Employee(
          e.employeeId(),
          e.departmentId(),
          e.firstName(),
          e.lastName(),
          e.email(),
          e.age(),
          e.hiredAt(),
          e.version(),
          e.status().name(),
          e.archivedAt().orElse(null),
          e.reason().orElse(null));
    }
  }
}
