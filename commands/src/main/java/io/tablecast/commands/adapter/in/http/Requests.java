package io.tablecast.commands.adapter.in.http;

/** The JSON bodies of the commands API (SPEC §5). Every field is nullable: absence is a 422. */
final class Requests {

  private Requests() {}

  record CreateDepartmentRequest(String departmentId, String name) {}

  record HireEmployeeRequest(
      String employeeId, String departmentId, String firstName, String lastName, String email, Integer age) {}
}
