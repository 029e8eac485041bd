package io.tablecast.commands.testdata;

import io.tablecast.commands.domain.ArchiveEmployee;
import io.tablecast.commands.domain.AssignManager;
import io.tablecast.commands.domain.ChangeEmployeeDetails;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.TransferEmployee;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.util.Optional;

/** Builders of commands for tests, with readable defaults. */
public final class Commands {

  private Commands() {}

  public static CreateDepartment createDepartment(String id) {
    return new CreateDepartment(new DepartmentId(id), id + " department");
  }

  public static HireEmployee hire(int id, String department, String email) {
    return new HireEmployee(new EmployeeId(id), new DepartmentId(department), "First" + id, "Last" + id, email, 30);
  }

  public static AssignManager assignManager(String department, int managerId) {
    return AssignManager.of(new DepartmentId(department), new EmployeeId(managerId));
  }

  public static ChangeEmployeeDetails changeEmail(int id, String email) {
    return change(id, Optional.empty(), Optional.of(email), Optional.empty());
  }

  public static ChangeEmployeeDetails change(int id, Optional<String> lastName, Optional<String> email, Optional<Long> expectedVersion) {
    return new ChangeEmployeeDetails(new EmployeeId(id), Optional.empty(), lastName, email, Optional.empty(), expectedVersion);
  }

  public static ChangeEmployeeDetails changeNothing(int id) {
    return change(id, Optional.empty(), Optional.empty(), Optional.empty());
  }

  public static TransferEmployee transfer(int id, String to) {
    return new TransferEmployee(new EmployeeId(id), new DepartmentId(to), Optional.empty());
  }

  public static TransferEmployee transfer(int id, String to, long expectedVersion) {
    return new TransferEmployee(new EmployeeId(id), new DepartmentId(to), Optional.of(expectedVersion));
  }

  public static ArchiveEmployee archive(int id) {
    return new ArchiveEmployee(new EmployeeId(id), Optional.of("left"), Optional.empty());
  }

  public static ArchiveEmployee archive(int id, Optional<String> reason, Optional<Long> expectedVersion) {
    return new ArchiveEmployee(new EmployeeId(id), reason, expectedVersion);
  }
}
