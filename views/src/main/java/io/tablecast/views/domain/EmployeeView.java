package io.tablecast.views.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * An employee as served (SPEC §9), active or archived. Under a projection ({@code fields=}) the
 * properties left out are null.
 */
public record EmployeeView(
    String employeeId,
    String departmentId,
    String firstName,
    String lastName,
    String email,
    Integer age,
    Instant hiredAt,
    Long version,
    Status status,
    Optional<Instant> archivedAt,
    Optional<String> reason) {

  public enum Status {
    Active,
    Archived
  }
}
