package io.tablecast.commands.adapter.in.http;

/**
 * The JSON bodies of the commands API (SPEC §5). Absent fields are {@code null} here, and a 422
 * where they are required. An explicit JSON {@code null} is a 422 as well: required fields say
 * "is required", and a PATCH names the field it would erase (see {@code explicitNulls}).
 */
final class Requests {

  private Requests() {}

  record CreateDepartmentRequest(String departmentId, String name) {}

  record AssignManagerRequest(String employeeId) {}

  record HireEmployeeRequest(
      String employeeId, String departmentId, String firstName, String lastName, String email, Integer age) {}

  /** Any of the fields; the absent ones keep their value. */
  record ChangeDetailsRequest(String firstName, String lastName, String email, Integer age) {}

  record TransferRequest(String toDepartmentId) {}

  record ArchiveRequest(String reason) {}
}
