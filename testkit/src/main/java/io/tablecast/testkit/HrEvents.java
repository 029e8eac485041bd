package io.tablecast.testkit;

import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EventMetadata;
import java.time.Instant;
import java.util.UUID;

/** Builders of HR events for tests: readable histories with sensible defaults. */
public final class HrEvents {

  public static final Instant T0 = Instant.parse("2026-11-25T22:44:37.595Z");

  private HrEvents() {}

  public static EventMetadata meta(String aggregateId, long version) {
    return meta(aggregateId, version, Actor.ANONYMOUS);
  }

  public static EventMetadata meta(String aggregateId, long version, Actor actor) {
    return new EventMetadata(
        UUID.nameUUIDFromBytes((aggregateId + "/" + version).getBytes()), "cmd-" + aggregateId + "-" + version,
        aggregateId, version, T0.plusMillis(version), actor);
  }

  public static io.tablecast.events.EmployeeTransferred transferredBy(Actor actor, int id, long version, String from, String to) {
    EmployeeId employee = new EmployeeId(id);
    return new io.tablecast.events.EmployeeTransferred(
        meta(employee.canonical(), version, actor), employee, new DepartmentId(from), new DepartmentId(to));
  }

  public static DepartmentCreated departmentCreated(String dept, String name) {
    return new DepartmentCreated(meta(dept, 1), new DepartmentId(dept), name);
  }

  public static DepartmentManagerAssigned managerAssigned(String dept, long version, int managerId, String first, String last, String email) {
    return new DepartmentManagerAssigned(meta(dept, version), new DepartmentId(dept), new EmployeeId(managerId), first, last, email);
  }

  public static EmployeeHired hired(int id, String dept, String first, String last, String email) {
    EmployeeId employee = new EmployeeId(id);
    return new EmployeeHired(meta(employee.canonical(), 1), employee, new DepartmentId(dept), first, last, email, 30);
  }

  public static io.tablecast.events.EmployeeTransferred transferred(int id, long version, String from, String to) {
    EmployeeId employee = new EmployeeId(id);
    return new io.tablecast.events.EmployeeTransferred(meta(employee.canonical(), version), employee, new DepartmentId(from), new DepartmentId(to));
  }

  public static io.tablecast.events.EmployeeArchived archived(int id, long version, String dept, String reason) {
    EmployeeId employee = new EmployeeId(id);
    return new io.tablecast.events.EmployeeArchived(meta(employee.canonical(), version), employee, new DepartmentId(dept),
        java.util.Optional.ofNullable(reason));
  }

  public static EmployeeDetailsChanged changed(int id, long version, String dept, String first, String last, String email, int age) {
    EmployeeId employee = new EmployeeId(id);
    return new EmployeeDetailsChanged(meta(employee.canonical(), version), employee, new DepartmentId(dept), first, last, email, age);
  }
}
