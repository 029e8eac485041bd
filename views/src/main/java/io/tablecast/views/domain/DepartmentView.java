package io.tablecast.views.domain;

import java.util.Optional;

/** A department summary as served (SPEC §9): name, employee count and manager. */
public record DepartmentView(
    String departmentId, String name, int employeeCount, long version, Optional<ManagerView> manager) {

  public record ManagerView(String employeeId, String firstName, String lastName, String email) {}
}
